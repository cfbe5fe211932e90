package worker_test

import (
	"testing"

	"github.com/docextract/docextract/internal/depcheck"
)

// TestDeps keeps the worker pool free of the HTTP layer, of any PDF engine
// (the caller passes the extractor) and of the storage and export
// adapters: it depends on extract's types and store's interfaces only.
func TestDeps(t *testing.T) {
	depcheck.Forbid(t,
		"net/http",
		"github.com/docextract/docextract/httpapi",
		"github.com/docextract/docextract/extract/pdf/pdfium",
		"github.com/klippa-app/go-pdfium",
		"github.com/tetratelabs/wazero",
		"github.com/xuri/excelize/v2",
		"github.com/docextract/docextract/store/sqlite",
		"modernc.org/sqlite",
	)
}
