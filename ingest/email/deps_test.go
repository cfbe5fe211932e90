package email_test

import (
	"testing"

	"github.com/docextract/docextract/internal/depcheck"
)

// TestDeps keeps the SMTP intake apart from the HTTP API, any PDF engine
// (the caller passes the inspector) and the storage adapters: it depends
// on the narrow Store interface it declares.
func TestDeps(t *testing.T) {
	depcheck.Forbid(t,
		"net/http",
		"github.com/docextract/docextract/httpapi",
		"github.com/docextract/docextract/extract/pdf/pdfium",
		"github.com/tetratelabs/wazero",
		"github.com/docextract/docextract/store/sqlite",
		"github.com/docextract/docextract/store/postgres",
		"github.com/xuri/excelize/v2",
	)
}
