package webhook

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStdlibOnly keeps the receiver's build free of anything but the
// standard library (and webhook/event, the event names, which imports
// nothing): a webhook receiver imports this package alone and must not pull
// SQLite, PDF or spreadsheet code into its build.
func TestStdlibOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").CombinedOutput()
	require.NoError(t, err, string(out))
	var foreign []string
	for _, p := range strings.Fields(string(out)) {
		// package event names the event types and imports nothing.
		if p != "github.com/docextract/docextract/webhook" && p != "github.com/docextract/docextract/webhook/event" {
			foreign = append(foreign, p)
		}
	}
	require.Empty(t, foreign, "package webhook must import the standard library only")
}
