package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
)

// Export formats (docs/api.md, Download selected documents).
const (
	FormatJSON          = "json"
	FormatCSV           = "csv"
	FormatXLSX          = "xlsx"
	FormatAccountingCSV = "accounting_csv"
)

// ExportOptions choose the format and its settings. Zero values mean the
// server's defaults (JSON; comma separator; a byte-order mark in CSV).
type ExportOptions struct {
	Format string
	// European selects ";" and the decimal comma in CSV.
	European bool
	// NoBOM leaves the UTF-8 byte-order mark out of CSV files.
	NoBOM bool
	// Profile (xero, quickbooks), AccountCode, TaxType and DateFormat (e.g.
	// "DD/MM/YYYY") shape accounting_csv.
	Profile, AccountCode, TaxType, DateFormat string
}

// Export writes the documents ids in the chosen format to w: the file
// itself for one document, a ZIP of one file per document for several. It
// returns the file name the server gave (Content-Disposition). At most 300
// ids; ids that are missing, deleted or of another team are skipped by the
// server (ErrNotFound when none is left).
func (c *Client) Export(ctx context.Context, w io.Writer, ids []string, o ExportOptions) (string, error) {
	q := url.Values{}
	if o.Format != "" {
		q.Set("format", o.Format)
	}
	if o.European {
		q.Set("european", "true")
	}
	if o.NoBOM {
		q.Set("bom", "false")
	}
	for k, v := range map[string]string{"profile": o.Profile, "account_code": o.AccountCode, "tax_type": o.TaxType, "date_format": o.DateFormat} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if ids == nil {
		ids = []string{}
	}
	b, err := json.Marshal(map[string][]string{"document_ids": ids})
	if err != nil {
		return "", err
	}
	body := bytes.NewReader(b)
	resp, err := c.do(ctx, http.MethodPost, "/api/v1/documents/download_selected", q, body, "application/json", http.StatusOK)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(w, resp.Body); err != nil {
		return "", fmt.Errorf("docextract: export: %w", err)
	}
	name := ""
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		name = params["filename"] // mime decodes filename* into filename
	}
	return name, nil
}
