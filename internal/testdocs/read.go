package testdocs

import (
	"context"
	"fmt"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/pdf"
)

// ReadPages extracts the text layer of every page of data with eng, for
// tests that go through a real PDF reader rather than the generator's own
// record of what it drew.
func ReadPages(ctx context.Context, eng pdf.Engine, data []byte) ([]layout.Page, error) {
	doc, err := eng.Open(ctx, data, "")
	if err != nil {
		return nil, fmt.Errorf("testdocs: open: %w", err)
	}
	defer doc.Close()
	pages := make([]layout.Page, doc.PageCount())
	for i := range pages {
		if pages[i], err = doc.Text(ctx, i); err != nil {
			return nil, fmt.Errorf("testdocs: page %d: %w", i+1, err)
		}
	}
	return pages, nil
}
