package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/export"
	"github.com/docextract/docextract/store"
	"github.com/google/uuid"
)

// Texts of the download endpoint (docs/api.md, Errors).
const (
	msgTooManyDocuments = "Too many documents. Maximum is 300."
	msgInvalidBody      = "Invalid request body."
	msgNoAccessible     = "No accessible documents found for the specified IDs."
	// A body over maxDownloadBody is refused as such, whatever it holds.
	msgDownloadBodyTooLarge = "Request body too large. Maximum is 64 KiB."
)

// maxDownloadBody bounds the JSON body: 300 quoted UUIDs are about 12 KB.
const maxDownloadBody = 64 << 10

// downloadRequest is the body of docs/api.md, Download selected documents.
type downloadRequest struct {
	DocumentIDs *[]string `json:"document_ids"`
}

// handleDownload serves POST /api/v1/documents/download_selected (docs/api.md, Download selected documents):
// the completed results of the listed documents as one file, or a ZIP of one
// file per document, in the format of ?format= (json by default).
//
// Checks run in this order: API key (401), format (400 "Unsupported format:
// X"), body (400 "Invalid request body.", "Too many documents. Maximum is
// 300."; 413 "Request body too large. Maximum is 64 KiB."), then the documents: ids that are not UUIDs, missing, deleted, of
// another team or without a result are skipped as if missing, duplicates are
// exported once; nothing left is 404 "No accessible documents found for the
// specified IDs."; a format no remaining document supports is 422 "Failed to
// generate any valid CSV files." (the format in capitals).
//
// Optional query parameters tune the file (see package export): european=true
// (';' and decimal comma in csv), bom=false (csv without byte-order mark),
// and for accounting_csv profile=xero|quickbooks, account_code, tax_type,
// date_format (e.g. DD/MM/YYYY).
func (s *Server) handleDownload(w http.ResponseWriter, r *http.Request, key *store.APIKey) error {
	ctx := r.Context()
	q := r.URL.Query()
	format, err := export.ParseFormat(q.Get("format"))
	if err != nil {
		return err
	}
	opt, err := downloadOptions(q.Get)
	if err != nil {
		return err
	}
	ids, err := readDownloadIDs(w, r)
	if err != nil {
		return err
	}
	e, err := s.ExportDocuments(ctx, key.TeamID, ids, format, opt)
	if err != nil {
		return err
	}
	defer e.Close()
	h := w.Header()
	h.Set("Content-Type", e.ContentType)
	h.Set("Content-Disposition", e.ContentDisposition())
	h.Set("Content-Length", strconv.FormatInt(e.Size, 10))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := e.WriteTo(w); err != nil {
		s.Logger.WarnContext(ctx, "download: write", "err", err, "file", e.Name)
	}
	return nil
}

// readDownloadIDs decodes the body: an object whose document_ids is an
// array of at most docextract.MaxDocumentsDownload strings.
func readDownloadIDs(w http.ResponseWriter, r *http.Request) ([]string, error) {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxDownloadBody))
	var req downloadRequest
	if err := dec.Decode(&req); err != nil || req.DocumentIDs == nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, errorf(docextract.ETOOLARGE, msgDownloadBodyTooLarge)
		case errors.Is(err, errBodyTimeout):
			return nil, errBodyTimeout
		}
		return nil, errorf(docextract.EINVALID, msgInvalidBody)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errorf(docextract.EINVALID, msgInvalidBody) // trailing data
	}
	if len(*req.DocumentIDs) > docextract.MaxDocumentsDownload {
		return nil, errorf(docextract.EINVALID, msgTooManyDocuments)
	}
	return *req.DocumentIDs, nil
}

// downloadOptions reads the optional export settings of the query.
func downloadOptions(get func(string) string) (export.Options, error) {
	var opt export.Options
	if v := get("european"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return opt, errorf(docextract.EINVALID, "Invalid european parameter.")
		}
		opt.European = b
	}
	if v := get("bom"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return opt, errorf(docextract.EINVALID, "Invalid bom parameter.")
		}
		opt.OmitBOM = !b
	}
	opt.Accounting = export.AccountingOptions{
		Profile:     get("profile"),
		AccountCode: get("account_code"),
		TaxType:     get("tax_type"),
		DateFormat:  get("date_format"),
	}
	return opt, nil
}

// accessibleDocuments loads the completed documents of team among ids, each
// once, in request order.
func (s *Server) accessibleDocuments(ctx context.Context, teamID string, ids []string) ([]export.Document, error) {
	seen := make(map[string]bool, len(ids))
	valid := make([]string, 0, len(ids))
	for _, raw := range ids {
		id, err := uuid.Parse(raw)
		if err != nil || len(raw) != 36 {
			continue
		}
		if k := id.String(); !seen[k] {
			seen[k] = true
			valid = append(valid, k)
		}
	}
	var found []*store.Document
	for _, id := range valid {
		d, err := s.Store.FindDocument(ctx, id)
		if docextract.ErrorCode(err) == docextract.ENOTFOUND {
			continue
		} else if err != nil {
			return nil, err
		}
		found = append(found, d)
	}
	docs := make([]export.Document, 0, len(found))
	for _, d := range found {
		if d.TeamID != teamID || !d.HasResult() {
			continue
		}
		data, err := docextract.DecodeExtractionData(d.DocType, d.Data)
		if err != nil {
			s.Logger.ErrorContext(ctx, "download: stored extraction data", "document_id", d.ID, "err", err)
			continue
		}
		var v docextract.Validation
		if len(d.Validation) > 0 {
			if err := json.Unmarshal(d.Validation, &v); err != nil {
				s.Logger.ErrorContext(ctx, "download: stored validation", "document_id", d.ID, "err", err)
			}
		}
		v.Passed = d.Passed
		var conf map[string]float64
		if len(d.FieldConfidence) > 0 {
			if err := json.Unmarshal(d.FieldConfidence, &conf); err != nil {
				s.Logger.ErrorContext(ctx, "download: stored field confidence", "document_id", d.ID, "err", err)
			}
		}
		docs = append(docs, export.Document{
			ID: d.ID, DocType: d.DocType, FileName: d.FileName, Data: data, Validation: v,
			CreditsUsed: int(d.CreditsUsed), PageStart: d.PageStart, PageEnd: d.PageEnd,
			TemplateID: d.TemplateID, CreatedAt: d.CreatedAt, Confidence: conf,
		})
	}
	return docs, nil
}
