package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		var out, errOut bytes.Buffer
		require.Equal(t, 0, Main(context.Background(), args, &out, &errOut), errOut.String())
		require.Regexp(t, `^docextract \S+ .*go1\.\d+.* \w+/\w+\n$`, out.String())
	}
}

func TestVersionString(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "1540d90a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e"},
		{Key: "vcs.time", Value: "2026-11-23T15:00:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	got := versionString(info, true)
	require.True(t, strings.HasPrefix(got, "docextract v1.4.0 (commit 1540d90a2b3c, 2026-11-23T15:00:00Z, modified) go1.26.8 "), got)

	info.Main.Version = "(devel)"
	require.True(t, strings.HasPrefix(versionString(info, true), "docextract devel "))

	version, commit = "v2.0.0", "abcdef1234567890" // as -ldflags "-X main.version=v2.0.0 -X main.commit=..." set them
	defer func() { version, commit = "", "" }()
	require.True(t, strings.HasPrefix(versionString(info, true), "docextract v2.0.0 (commit abcdef123456, "))
	require.True(t, strings.HasPrefix(versionString(nil, false), "docextract v2.0.0 (commit abcdef123456) "))
}

func TestHelpCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Main(context.Background(), []string{"help", "serve"}, &out, &errOut))
	require.Contains(t, errOut.String(), "-max-conns-per-ip")
	require.Contains(t, errOut.String(), "DOCEXTRACT_MAX_CONNS_PER_IP")
	require.Contains(t, errOut.String(), "(env DOCEXTRACT_DB)")
	require.Equal(t, 1, strings.Count(errOut.String(), "DOCEXTRACT_DB"), "the variable is named once")

	errOut.Reset()
	require.Equal(t, 0, Main(context.Background(), []string{"help", "credits", "grant"}, &out, &errOut))
	require.Contains(t, errOut.String(), "-amount")

	errOut.Reset()
	require.Equal(t, 2, Main(context.Background(), []string{"help", "nonesuch"}, &out, &errOut))
	require.Contains(t, errOut.String(), `unknown command "nonesuch"`)
}

func TestEnvSetsFlags(t *testing.T) {
	newFS := func() (*flag.FlagSet, *int, *time.Duration, *string) {
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		w := fs.Int("workers", 4, "workers")
		d := fs.Duration("job-lease", 30*time.Second, "lease")
		a := fs.String("addr", ":8080", "listen address")
		return fs, w, d, a
	}
	env := map[string]string{"DOCEXTRACT_WORKERS": "7", "DOCEXTRACT_JOB_LEASE": "1m", "DOCEXTRACT_ADDR": ":9999"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }

	fs, w, d, a := newFS()
	require.NoError(t, fs.Parse([]string{"-addr", ":1234"}))
	require.NoError(t, applyEnv(fs, lookup))
	require.Equal(t, 7, *w)
	require.Equal(t, time.Minute, *d)
	require.Equal(t, ":1234", *a, "a flag on the command line wins over its variable")

	env["DOCEXTRACT_WORKERS"] = "many"
	fs, _, _, _ = newFS()
	require.NoError(t, fs.Parse(nil))
	err := applyEnv(fs, lookup)
	require.ErrorContains(t, err, `DOCEXTRACT_WORKERS="many"`)

	fs, w, _, _ = newFS()
	require.NoError(t, fs.Parse(nil))
	require.NoError(t, applyEnv(fs, func(string) (string, bool) { return "", false }))
	require.Equal(t, 4, *w, "no variable: the default stays")
}

func TestServeRefusesBadEnv(t *testing.T) {
	t.Setenv("DOCEXTRACT_WORKERS", "lots")
	var out, errOut bytes.Buffer
	require.Equal(t, 2, Main(context.Background(), []string{"serve", "-db", t.TempDir() + "/x.db"}, &out, &errOut))
	require.Contains(t, errOut.String(), `DOCEXTRACT_WORKERS="lots"`)
}
