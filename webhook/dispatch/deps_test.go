package dispatch_test

import (
	"testing"

	"github.com/docextract/docextract/internal/depcheck"
)

// TestDeps lets a program run durable delivery on its own store without
// the server: no HTTP API package (net/http comes only with the webhook
// client), no extraction, no PDF engine, no spreadsheet writer, no
// storage adapter.
func TestDeps(t *testing.T) {
	depcheck.Forbid(t,
		"github.com/docextract/docextract/httpapi",
		"github.com/docextract/docextract/extract",
		"github.com/klippa-app/go-pdfium",
		"github.com/tetratelabs/wazero",
		"github.com/xuri/excelize/v2",
		"github.com/docextract/docextract/store/sqlite",
		"modernc.org/sqlite",
	)
}
