//go:build !linux

package pdfium

// reserve allocates max bytes in the Go heap: the budget holds the same,
// but the memory goes back to the system at the garbage collector's pace.
func (m *linearMemory) reserve() bool {
	if m.max == 0 || m.max > 1<<32 {
		return false
	}
	m.buf = make([]byte, m.max)
	return true
}

func (m *linearMemory) release() {}
