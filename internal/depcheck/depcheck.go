// Package depcheck lets a package's tests pin down what it may link: it
// lists the package's dependencies with `go list -deps` and fails the test
// when a forbidden one comes back.
package depcheck

import (
	"os/exec"
	"strings"
	"testing"
)

// Forbid fails t when the package in the current directory depends,
// directly or not, on a package whose import path equals one of
// forbidden or starts with it followed by a slash.
func Forbid(t *testing.T, forbidden ...string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("depends on %s (forbidden: %s)", dep, f)
			}
		}
	}
}
