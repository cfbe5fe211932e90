// Package registry is the copy-on-write list behind the document-type
// registries of packages docextract, extract and export: registration is
// rare (program start) and locked, reading is constant and lock-free.
package registry

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// List holds entries of type T, each under a distinct key K, in
// registration order. The zero List is empty and ready to use.
type List[K comparable, T any] struct {
	mu  sync.Mutex
	all atomic.Pointer[[]T]
	// Key returns an entry's key; set it before the first Add.
	Key func(T) K
}

// Add appends e. It panics, naming what (e.g. "extract: RegisterReader"),
// when an entry with e's key is there already.
func (l *List[K, T]) Add(what string, e T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var next []T
	if p := l.all.Load(); p != nil {
		next = make([]T, len(*p), len(*p)+1)
		copy(next, *p)
	}
	k := l.Key(e)
	for _, o := range next {
		if l.Key(o) == k {
			panic(fmt.Sprintf("%s: %v registered twice", what, k))
		}
	}
	next = append(next, e)
	l.all.Store(&next)
}

// All returns the entries in registration order. The slice is shared:
// do not modify it.
func (l *List[K, T]) All() []T {
	if p := l.all.Load(); p != nil {
		return *p
	}
	return nil
}

// Find returns the entry under k.
func (l *List[K, T]) Find(k K) (T, bool) {
	for _, e := range l.All() {
		if l.Key(e) == k {
			return e, true
		}
	}
	var zero T
	return zero, false
}
