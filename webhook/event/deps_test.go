package event

import (
	"go/build"
	"testing"
)

// The event names are imported by package webhook, which a receiver builds
// with the standard library alone, and by the store: they must import
// nothing.
func TestImportsNothing(t *testing.T) {
	p, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Imports) > 0 {
		t.Fatalf("package event imports %v", p.Imports)
	}
}
