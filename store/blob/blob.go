// Package blob keeps uploaded files on disk, one file per task id, written
// durably: streamed to a temporary file, fsynced, renamed into place and the
// directory fsynced. It holds bytes only; what they mean lives in the store.
package blob

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Dir is a directory of stored files.
type Dir struct {
	Path string
}

// Open creates the directory if needed.
func Open(path string) (*Dir, error) {
	if err := os.MkdirAll(filepath.Join(path, "tmp"), 0o700); err != nil {
		return nil, err
	}
	return &Dir{Path: path}, nil
}

var validName = regexp.MustCompile(`^[0-9a-f-]{36}$`)

func (d *Dir) path(name string) (string, error) {
	if !validName.MatchString(name) {
		return "", fmt.Errorf("blob: invalid name %q", name)
	}
	return filepath.Join(d.Path, name[:2], name), nil
}

// Temp is a file being written. Write to it, then Commit or Abort.
type Temp struct {
	*os.File
	dir *Dir
}

// CreateTemp starts a new file.
func (d *Dir) CreateTemp() (*Temp, error) {
	f, err := os.CreateTemp(filepath.Join(d.Path, "tmp"), "upload-*")
	if err != nil {
		return nil, err
	}
	return &Temp{File: f, dir: d}, nil
}

// Sync flushes the written bytes to stable storage.
func (t *Temp) Sync() error { return t.File.Sync() }

// Commit makes the synced temp file durable under name.
func (t *Temp) Commit(name string) error {
	dst, err := t.dir.path(name)
	if err != nil {
		return err
	}
	if err := t.File.Sync(); err != nil {
		return err
	}
	if err := t.File.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		return err
	}
	if err := os.Rename(t.File.Name(), dst); err != nil {
		return err
	}
	return syncDir(filepath.Dir(dst))
}

// Abort removes the temp file.
func (t *Temp) Abort() {
	_ = t.File.Close()
	_ = os.Remove(t.File.Name())
}

// ReadFile returns the content stored under name.
func (d *Dir) ReadFile(name string) ([]byte, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// Remove deletes the file stored under name; a missing file is not an error.
func (d *Dir) Remove(name string) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// Walk calls fn with the name of every stored file; and removes leftover
// temporary files (of uploads interrupted by a crash).
func (d *Dir) Walk(fn func(name string) error) error {
	tmp, _ := os.ReadDir(filepath.Join(d.Path, "tmp"))
	for _, e := range tmp {
		_ = os.Remove(filepath.Join(d.Path, "tmp", e.Name()))
	}
	subs, err := os.ReadDir(d.Path)
	if err != nil {
		return err
	}
	for _, s := range subs {
		if !s.IsDir() || len(s.Name()) != 2 {
			continue
		}
		files, err := os.ReadDir(filepath.Join(d.Path, s.Name()))
		if err != nil {
			return err
		}
		for _, f := range files {
			if validName.MatchString(f.Name()) && strings.HasPrefix(f.Name(), s.Name()) {
				if err := fn(f.Name()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func syncDir(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

var _ io.Writer = (*Temp)(nil)
