package bank

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/validate"
	"github.com/docextract/docextract/internal/testdocs"
)

var (
	engOnce sync.Once
	eng     *pdfium.Engine
	engErr  error
)

func engine(t testing.TB) *pdfium.Engine {
	engOnce.Do(func() { eng, engErr = pdfium.New(pdfium.Config{Workers: 1}) })
	require.NoError(t, engErr)
	return eng
}

// TestExtractThroughPDFium reads the generated PDFs with the real text
// reader, not the generator's record of what it drew.
func TestExtractThroughPDFium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PDFium")
	}
	e := engine(t)
	for _, l := range testdocs.StatementLayouts() {
		for seed := range uint64(4) {
			t.Run(fmt.Sprintf("%s/%d", l, seed), func(t *testing.T) {
				s, err := testdocs.NewStatement(testdocs.StatementOptions{Layout: l, Seed: 100 + seed, LinesPerPage: 22 + int(seed)*5})
				require.NoError(t, err)
				pages, err := testdocs.ReadPages(context.Background(), e, s.PDF)
				require.NoError(t, err)
				got := Extract(pages)
				requireSame(t, s.Truth, got)
				v := validate.BankStatement(got)
				require.True(t, v.Passed, v.Details.CalculationLogic)
			})
		}
	}
}
