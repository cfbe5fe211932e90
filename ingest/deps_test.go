package ingest_test

import (
	"testing"

	"github.com/docextract/docextract/internal/depcheck"
)

// TestDeps keeps the one ingest path free of its transports (HTTP, SMTP),
// of any PDF engine (the caller passes the inspector) and of the storage
// adapters: it depends on extract's types and store's interfaces only.
func TestDeps(t *testing.T) {
	depcheck.Forbid(t,
		"net/http",
		"github.com/docextract/docextract/httpapi",
		"github.com/emersion",
		"github.com/docextract/docextract/extract/pdf/pdfium",
		"github.com/tetratelabs/wazero",
		"github.com/docextract/docextract/store/sqlite",
		"github.com/docextract/docextract/store/postgres",
	)
}
