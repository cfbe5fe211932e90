package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDeployFilesNameRealFlags keeps the Dockerfile and the systemd files
// honest: every DOCEXTRACT_ variable they set or suggest must be one that
// `serve` reads, so renaming a flag cannot silently break a deployment.
func TestDeployFilesNameRealFlags(t *testing.T) {
	var out, help bytes.Buffer
	require.Equal(t, 0, Main(context.Background(), []string{"help", "serve"}, &out, &help))
	known := map[string]bool{}
	for _, m := range regexp.MustCompile(`\(env (DOCEXTRACT_[A-Z_]+)\)`).FindAllStringSubmatch(help.String(), -1) {
		known[m[1]] = true
	}
	require.True(t, known["DOCEXTRACT_WORKERS"], "help serve names the variables")

	files := []string{"../../Dockerfile", "../../deploy/docextract.service", "../../deploy/docextract.env"}
	seen := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, name := range regexp.MustCompile(`DOCEXTRACT_[A-Z_]+`).FindAllString(string(b), -1) {
			seen++
			require.True(t, known[name], "%s names %s, which serve does not read", filepath.Base(f), name)
		}
	}
	require.Greater(t, seen, 5)
}
