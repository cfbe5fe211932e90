package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// version is the release version, set at build time by
// -ldflags "-X main.version=v1.2.3" (the Dockerfile does). Empty means: take
// the module version Go recorded in the binary (a tagged `go install`), else
// "devel".
var version string

// commit is the source revision, set at build time by
// -ldflags "-X main.commit=<sha>" where Go cannot stamp it (a build without
// the .git directory, as in the Dockerfile). Empty means: Go's vcs.revision.
var commit string

func init() {
	register(command{name: "version", summary: "print the version, commit and Go version of this binary", run: runVersion})
}

func runVersion(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	_, err := fmt.Fprintln(stdout, versionString(debug.ReadBuildInfo()))
	return err
}

// versionString formats what the binary knows about itself:
// "docextract v1.2.3 (commit 1540d90a2b3c, 2026-11-23T15:00:00Z, modified) go1.26.8 linux/amd64".
func versionString(info *debug.BuildInfo, ok bool) string {
	v := version
	var rev, when string
	var dirty bool
	goVersion := runtime.Version()
	if ok {
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		if info.GoVersion != "" {
			goVersion = info.GoVersion
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "devel"
	}
	if commit != "" {
		rev = commit
	}
	var b strings.Builder
	b.WriteString("docextract ")
	b.WriteString(v)
	var about []string
	if rev != "" {
		about = append(about, "commit "+rev[:min(12, len(rev))])
	}
	if when != "" {
		about = append(about, when)
	}
	if dirty {
		about = append(about, "modified")
	}
	if len(about) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(about, ", "))
	}
	fmt.Fprintf(&b, " %s %s/%s", goVersion, runtime.GOOS, runtime.GOARCH)
	return b.String()
}
