package pdfium

import (
	"syscall"
	"time"
)

// reserve maps max bytes of address space, private and anonymous, without
// reserving swap: pages become resident only as PDFium touches them.
func (m *linearMemory) reserve() bool {
	if m.max == 0 || m.max > 1<<32 {
		return false
	}
	b, err := syscall.Mmap(-1, 0, int(m.max), syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		return false
	}
	m.buf = b
	return true
}

// unmapDelay is how long a released reservation stays mapped (empty)
// before it is unmapped.
const unmapDelay = time.Minute

// release gives the pages back to the system at once. The address range
// itself is unmapped a minute later: no code should run in a closed
// instance (raw.call refuses it), but if some did it would read zeros
// rather than bring the process down.
func (m *linearMemory) release() {
	buf := m.buf
	_ = syscall.Madvise(buf, syscall.MADV_DONTNEED)
	time.AfterFunc(unmapDelay, func() { _ = syscall.Munmap(buf) })
}
