package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
)

// FileStore is a durable webhook.Store: an append-only file with one line
// per record, "+<event id>" when taken and "-<event id>" when forgotten
// after a processing failure. Every append is fsynced before the handler
// acknowledges. The whole set is kept in memory; rotate the file (start a
// new one) once older event ids no longer matter, for example after the
// service's 30-day retention.
type FileStore struct {
	mu   sync.Mutex
	f    *os.File
	seen map[string]bool
}

// OpenFileStore opens or creates the store at path and loads its records.
func OpenFileStore(path string) (*FileStore, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	s := &FileStore{f: f, seen: map[string]bool{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if len(line) < 2 {
			continue // a torn last line of a crash; ignored
		}
		switch line[0] {
		case '+':
			s.seen[line[1:]] = true
		case '-':
			delete(s.seen, line[1:])
		}
	}
	if err := sc.Err(); err != nil {
		f.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return s, nil
}

func (s *FileStore) appendLine(line string) error {
	if _, err := s.f.WriteString(line + "\n"); err != nil {
		return err
	}
	return s.f.Sync()
}

// SeenOrRecord implements webhook.Store.
func (s *FileStore) SeenOrRecord(_ context.Context, eventID string) (bool, error) {
	if strings.ContainsAny(eventID, "\r\n") {
		return false, fmt.Errorf("event id contains a line break")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen[eventID] {
		return true, nil
	}
	if err := s.appendLine("+" + eventID); err != nil {
		return false, err
	}
	s.seen[eventID] = true
	return false, nil
}

// Forget implements webhook.Forgetter.
func (s *FileStore) Forget(_ context.Context, eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.seen[eventID] {
		return nil
	}
	if err := s.appendLine("-" + eventID); err != nil {
		return err
	}
	delete(s.seen, eventID)
	return nil
}

// Close closes the file.
func (s *FileStore) Close() error { return s.f.Close() }
