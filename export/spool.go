package export

import (
	"bytes"
	"io"
	"os"
)

// defaultMemoryLimit is how much output stays in memory before spooling.
const defaultMemoryLimit = 8 << 20

// spool collects an export: in memory up to a limit, then in a temporary
// file, so a 300-document ZIP never has to fit in RAM.
type spool struct {
	dir   string
	limit int
	mem   bytes.Buffer
	f     *os.File
	n     int64
}

func newSpool(dir string, limit int) *spool {
	if limit <= 0 {
		limit = defaultMemoryLimit
	}
	return &spool{dir: dir, limit: limit}
}

func (s *spool) Write(p []byte) (int, error) {
	if s.f == nil && s.mem.Len()+len(p) > s.limit {
		f, err := os.CreateTemp(s.dir, "docextract-export-*")
		if err != nil {
			return 0, err
		}
		s.f = f
		if _, err := f.Write(s.mem.Bytes()); err != nil {
			return 0, err
		}
		s.mem = bytes.Buffer{}
	}
	var n int
	var err error
	if s.f != nil {
		n, err = s.f.Write(p)
	} else {
		n, err = s.mem.Write(p)
	}
	s.n += int64(n)
	return n, err
}

func (s *spool) size() int64 { return s.n }

func (s *spool) readerAt() (io.ReaderAt, error) {
	if s.f != nil {
		return s.f, nil
	}
	return bytes.NewReader(s.mem.Bytes()), nil
}

func (s *spool) writeTo(w io.Writer) (int64, error) {
	if s.f == nil {
		return io.Copy(w, bytes.NewReader(s.mem.Bytes()))
	}
	return io.Copy(w, io.NewSectionReader(s.f, 0, s.n))
}

func (s *spool) close() error {
	s.mem = bytes.Buffer{}
	if s.f == nil {
		return nil
	}
	name := s.f.Name()
	err := s.f.Close()
	if rerr := os.Remove(name); err == nil {
		err = rerr
	}
	s.f = nil
	return err
}
