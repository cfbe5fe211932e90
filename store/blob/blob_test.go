package blob_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/docextract/docextract/store/blob"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestDir(t *testing.T) {
	t.Parallel()
	d, err := blob.Open(filepath.Join(t.TempDir(), "files"))
	require.NoError(t, err)

	id := uuid.NewString()
	tmp, err := d.CreateTemp()
	require.NoError(t, err)
	_, err = tmp.Write([]byte("hello"))
	require.NoError(t, err)
	require.NoError(t, tmp.Commit(id))
	got, err := d.ReadFile(id)
	require.NoError(t, err)
	require.Equal(t, "hello", string(got))

	aborted, err := d.CreateTemp()
	require.NoError(t, err)
	aborted.Abort()
	_, err = os.Stat(aborted.Name())
	require.True(t, os.IsNotExist(err))

	// A temp file left by a crash is removed by Walk; stored files are listed.
	leftover, err := d.CreateTemp()
	require.NoError(t, err)
	require.NoError(t, leftover.Close())
	var names []string
	require.NoError(t, d.Walk(func(name string) error { names = append(names, name); return nil }))
	require.Equal(t, []string{id}, names)
	_, err = os.Stat(leftover.Name())
	require.True(t, os.IsNotExist(err))

	require.NoError(t, d.Remove(id))
	require.NoError(t, d.Remove(id), "removing twice is fine")
	_, err = d.ReadFile(id)
	require.Error(t, err)

	_, err = d.ReadFile("../../etc/passwd")
	require.Error(t, err, "names are ids only")
	require.Error(t, tmp.Commit("x/../y"))
}
