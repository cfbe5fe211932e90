//go:build !unix

package ingest

import "os"

func mapFile(f *os.File, size int64) ([]byte, func(), error) { return readFile(f, size) }
