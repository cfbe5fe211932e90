package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/docextract/docextract/extract/rank"
	"github.com/docextract/docextract/extract/receipt"
	"github.com/stretchr/testify/require"
)

func TestHelpTrain(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Main(context.Background(), []string{"help", "train"}, &out, &errOut))
	require.Contains(t, errOut.String(), "tune part only")
	require.Contains(t, errOut.String(), "-ocr-cache")
	require.Contains(t, errOut.String(), "-receipts")
}

// TestTrainReproducible trains twice on the box lines of the shared SROIE
// receipts and requires the same bytes, and a model that matches the code.
func TestTrainReproducible(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "receipts", "sroie")
	if _, err := os.Stat(filepath.Join(dir, "key")); err != nil {
		t.Skip("SROIE corpus absent")
	}
	var models [][]byte
	for i := range 2 {
		out := filepath.Join(t.TempDir(), "model.json")
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, Main(context.Background(), []string{"train", "-receipts", dir, "-out", out, "-iterations", "100"}, &stdout, &stderr), "run %d: %s", i, stderr.String())
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		models = append(models, b)
	}
	require.Equal(t, string(models[0]), string(models[1]))
	m, err := rank.Parse(models[0])
	require.NoError(t, err)
	require.NoError(t, m.Check(receipt.FeatureNames))
	require.Contains(t, m.Source, "tune part, 150 ground-truth line sets, 0 OCR readings")
}

// TestTrainCrossValidate: -cv scores the rules and the model on left-out
// folds of the tune part and writes no model; -drop refuses to write one.
func TestTrainCrossValidate(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "receipts", "sroie")
	if _, err := os.Stat(filepath.Join(dir, "key")); err != nil {
		t.Skip("SROIE corpus absent")
	}
	out := filepath.Join(t.TempDir(), "model.json")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, Main(context.Background(), []string{"train", "-receipts", dir, "-out", out, "-cv", "3", "-iterations", "50"}, &stdout, &stderr), stderr.String())
	require.Regexp(t, `TotalGrossPrice\s+box\s+\d+/150`, stdout.String())
	require.NoFileExists(t, out)
	require.Equal(t, 1, Main(context.Background(), []string{"train", "-receipts", dir, "-out", out, "-drop", "rule"}, &stdout, &stderr))
	require.NoFileExists(t, out)
}
