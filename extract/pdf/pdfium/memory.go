package pdfium

import (
	"fmt"
	"sync"
	"time"
	"unsafe"

	"github.com/docextract/docextract/extract/pdf"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// MemoryBudget caps the WebAssembly memory that PDFium instances hold
// together: the memories of every instance of every Engine given the same
// budget (Config.Budget) count against it. An instance whose memory would
// grow past the budget waits up to BudgetWait for other instances to give
// memory back (a document that fails or an instance discarded); if none
// comes, PDFium is refused the memory and its document fails with
// ErrMemoryLimit naming the budget.
//
// The memory is allocated outside the Go heap where the platform allows
// (an anonymous mapping on Linux, grown in place: never copied, and
// returned to the system the moment its instance is discarded), so the
// process's resident memory follows the budget instead of the garbage
// collector's pace.
type MemoryBudget struct {
	limit int64

	mu      sync.Mutex
	used    int64
	changed chan struct{} // closed and replaced when memory is given back
	live    map[uintptr]*linearMemory
}

// BudgetWait is how long an instance waits for budget before PDFium is
// refused the memory.
const BudgetWait = 5 * time.Second

// NewMemoryBudget returns a budget of limit bytes.
func NewMemoryBudget(limit int64) *MemoryBudget {
	return &MemoryBudget{limit: limit, changed: make(chan struct{}), live: map[uintptr]*linearMemory{}}
}

// Limit returns the budget in bytes.
func (b *MemoryBudget) Limit() int64 { return b.limit }

// Used returns the bytes of WebAssembly memory the instances hold now.
func (b *MemoryBudget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// take reserves n bytes, waiting up to BudgetWait for memory given back.
func (b *MemoryBudget) take(n int64) bool {
	deadline := time.Now().Add(BudgetWait)
	for {
		b.mu.Lock()
		if b.used+n <= b.limit {
			b.used += n
			b.mu.Unlock()
			return true
		}
		ch := b.changed
		b.mu.Unlock()
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		t := time.NewTimer(left)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

func (b *MemoryBudget) give(n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	close(b.changed)
	b.changed = make(chan struct{})
	b.mu.Unlock()
}

func (b *MemoryBudget) register(m *linearMemory) {
	b.mu.Lock()
	b.live[m.base()] = m
	b.mu.Unlock()
}

func (b *MemoryBudget) unregister(m *linearMemory) {
	b.mu.Lock()
	delete(b.live, m.base())
	b.mu.Unlock()
}

// find returns the linear memory behind an instance's api.Memory.
func (b *MemoryBudget) find(mem api.Memory) *linearMemory {
	p, ok := mem.Read(0, 1)
	if !ok {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.live[uintptr(unsafe.Pointer(unsafe.SliceData(p)))]
}

// allocator gives the instances of one Engine their memory from a budget,
// each at most limit bytes. It implements experimental.MemoryAllocator.
type allocator struct {
	budget *MemoryBudget
	limit  uint64
}

// Allocate is called by wazero once per instance, max being what the
// module declares (the runtime's own limit is left at 4 GiB: a growth past
// it would be refused before reaching Reallocate, unexplained).
func (a allocator) Allocate(_, max uint64) experimental.LinearMemory {
	m := &linearMemory{budget: a.budget, max: min(max, a.limit)}
	if !m.reserve() {
		return m // Reallocate refuses: the instance fails to start
	}
	a.budget.register(m)
	return m
}

// linearMemory is one instance's WebAssembly memory: max bytes reserved
// (address space only), size of them in use and counted in the budget.
type linearMemory struct {
	budget *MemoryBudget
	max    uint64
	buf    []byte // the reservation, len max; nil once freed
	size   uint64

	mu      sync.Mutex
	refused string // why the last growth was refused, "" if none
}

func (m *linearMemory) base() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(m.buf))) }

// Reallocate implements experimental.LinearMemory: memory.grow of the
// module. It never moves the memory; nil refuses the growth, which PDFium
// sees as malloc failing.
func (m *linearMemory) Reallocate(size uint64) []byte {
	if m.buf == nil {
		return nil
	}
	if size > m.max {
		m.refuse(fmt.Sprintf("PDF engine memory limit of %d MiB per document", m.max>>20))
		return nil
	}
	if size > m.size {
		if !m.budget.take(int64(size - m.size)) {
			m.refuse(fmt.Sprintf("PDF engine memory budget of %d MiB for all documents", m.budget.limit>>20))
			return nil
		}
		m.size = size
	}
	return m.buf[:size:size]
}

func (m *linearMemory) refuse(why string) {
	m.mu.Lock()
	m.refused = why
	m.mu.Unlock()
}

// why returns the reason of the last refused growth, "" if none.
func (m *linearMemory) why() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.refused
}

// Free implements experimental.LinearMemory: wazero calls it when the
// instance is closed and no code runs in it any more.
func (m *linearMemory) Free() {
	if m.buf == nil {
		return
	}
	m.budget.unregister(m)
	m.release()
	m.buf = nil
	m.budget.give(int64(m.size))
	m.size = 0
}

// limitError wraps ErrMemoryLimit with the reason mem's last growth was
// refused, or returns nil when it was not refused.
func (b *MemoryBudget) limitError(mem api.Memory, call string) error {
	if b == nil {
		return nil
	}
	m := b.find(mem)
	if m == nil {
		return nil
	}
	if why := m.why(); why != "" {
		// PDFium aborts when malloc fails: err is a wasm trap with a
		// stack trace, which says nothing the reason does not.
		return fmt.Errorf("%w (%s)", &pdf.LimitError{Limit: why, Err: ErrMemoryLimit}, call)
	}
	return nil
}
