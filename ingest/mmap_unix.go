//go:build unix

package ingest

import (
	"os"
	"syscall"
)

// mapFile maps f read-only, so a 20 MB file can be inspected without 20 MB
// of heap. Call the returned function when done.
func mapFile(f *os.File, size int64) ([]byte, func(), error) {
	if size == 0 {
		return nil, func() {}, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readFile(f, size)
	}
	return b, func() { _ = syscall.Munmap(b) }, nil
}
