package client_test

import (
	"testing"

	"github.com/docextract/docextract/internal/depcheck"
)

// TestDeps keeps the client light: a program that only calls the API links
// no server, store, PDF engine or export code, only the standard library
// and the root package's schema types.
func TestDeps(t *testing.T) {
	depcheck.Forbid(t,
		"github.com/docextract/docextract/httpapi",
		"github.com/docextract/docextract/extract",
		"github.com/docextract/docextract/store",
		"github.com/docextract/docextract/export",
		"github.com/klippa-app/go-pdfium",
		"github.com/tetratelabs/wazero",
		"github.com/xuri/excelize/v2",
		"modernc.org/sqlite",
		"github.com/jackc/pgx/v5",
	)
}
