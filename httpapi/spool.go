package httpapi

import (
	"io"
	"os"
	"sync"
)

// spools recycles the anonymous temporary files uploads stream into before
// they are checked and stored. Creating a file is the dearest step of an
// upload on some file systems (about 1 ms of kernel time on the VMs this was
// measured on, against 20 µs to truncate and rewrite one), and the files are
// unlinked at creation, so a crash leaves nothing behind to sweep.
type spools struct {
	dir     string // "" means os.TempDir()
	maxIdle int

	mu   sync.Mutex
	idle []*os.File
}

// get returns an empty spool file, open for reading and writing.
func (p *spools) get() (*os.File, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		f := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return f, nil
	}
	p.mu.Unlock()
	f, err := os.CreateTemp(p.dir, "docextract-upload-*")
	if err != nil {
		return nil, err
	}
	// Unlinked at once: the open descriptor keeps it until closed.
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// put empties f and keeps it for the next upload, or closes it when enough
// are idle or it cannot be emptied.
func (p *spools) put(f *os.File) {
	if f.Truncate(0) != nil {
		f.Close()
		return
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return
	}
	p.mu.Lock()
	if len(p.idle) < p.maxIdle {
		p.idle = append(p.idle, f)
		f = nil
	}
	p.mu.Unlock()
	if f != nil {
		f.Close()
	}
}
