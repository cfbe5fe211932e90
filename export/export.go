package export

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/docextract/docextract"
)

// Format is an export format, the `format` query parameter of docs/api.md, Download selected documents.
type Format string

// The export formats.
const (
	JSON          Format = "json"
	CSV           Format = "csv"
	XLSX          Format = "xlsx"
	AccountingCSV Format = "accounting_csv"
)

// Formats lists every format, in the order of the spec.
var Formats = []Format{JSON, CSV, XLSX, AccountingCSV}

// ParseFormat returns the format named s; the empty string means JSON, the
// spec's default. Any other name is an EINVALID *docextract.Error with the
// message "Unsupported format: <s>".
func ParseFormat(s string) (Format, error) {
	if s == "" {
		return JSON, nil
	}
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", docextract.Errorf(docextract.EINVALID, "Unsupported format: %s", s)
}

// Document is one completed document to export: its result (docs/api.md, Get a result) plus
// the fields of a result document (docs/api.md, Task results) that exports show.
type Document struct {
	ID         string
	DocType    docextract.DocType // when empty, Data.Type() is used
	FileName   string             // name of the uploaded file, shown in CSV/XLSX/JSON
	Data       docextract.ExtractionData
	Validation docextract.Validation
	// CreditsUsed, PageStart, PageEnd (0 = unknown), TemplateID and
	// CreatedAt are shown in the JSON export; CreatedAt also stands in for a
	// missing invoice date in accounting_csv.
	CreditsUsed int
	PageStart   int
	PageEnd     int
	TemplateID  string
	CreatedAt   time.Time
	// Confidence is the confidence in 0..1 of each field read
	// (extract.Document.FieldConfidence); the JSON export writes it as
	// "confidence" beside extraction_data, an extension of the result
	// body, and leaves it out when empty.
	Confidence map[string]float64
}

func (d *Document) docType() docextract.DocType {
	if d.Data != nil {
		return d.Data.Type()
	}
	return d.DocType
}

// Options tunes an export. The zero value is a valid default: comma CSV with
// a UTF-8 byte-order mark, and the Xero bills profile for accounting_csv.
type Options struct {
	// European writes CSV with ';' separators and a decimal comma, as
	// spreadsheets in most of continental Europe expect. It does not apply to
	// accounting_csv, whose importers require ',' and '.'.
	European bool
	// OmitBOM leaves out the UTF-8 byte-order mark that the csv format
	// starts with by default. The mark is what makes Excel read a CSV as
	// UTF-8 instead of the system code page; accounting_csv never has one.
	OmitBOM bool
	// Accounting configures accounting_csv.
	Accounting AccountingOptions
	// TempDir holds the temporary file a large export is spooled to; empty
	// means os.TempDir().
	TempDir string
	// MemoryLimit is how many bytes of output are kept in memory before
	// spooling to a temporary file; 0 means 8 MiB.
	MemoryLimit int
}

// File describes the file an export produces.
type File struct {
	Name        string // ASCII, e.g. "invoice_INV-001_3f2a9c1b.csv" or "documents_csv.zip"
	ContentType string
	Size        int64
	// Files is how many document files the export holds: 1 for a single
	// file, the number of ZIP entries otherwise.
	Files int
	// Skipped lists the ids of documents left out because their type does
	// not support the format.
	Skipped []string
}

// ContentDisposition returns the Content-Disposition header value that offers
// the file for download under its name; see the package-level function.
func (f File) ContentDisposition() string { return ContentDisposition(f.Name) }

// Export is a finished export held in memory or in a temporary file until it
// is written. Close releases it.
type Export struct {
	File
	sp *spool
}

// WriteTo writes the whole export to w.
func (e *Export) WriteTo(w io.Writer) (int64, error) { return e.sp.writeTo(w) }

// Close removes the temporary file, if any. It is safe to call twice.
func (e *Export) Close() error { return e.sp.close() }

// Write builds the export of docs in format f and then writes it to w: one
// supported document gives the file itself, several give a ZIP archive with
// one file per document. Nothing reaches w unless every file was built and
// checked. See Build for the errors.
func Write(ctx context.Context, w io.Writer, f Format, docs []Document, opt Options) (File, error) {
	e, err := Build(ctx, f, docs, opt)
	if err != nil {
		return File{}, err
	}
	defer e.Close()
	if _, err := e.WriteTo(w); err != nil {
		return File{}, fmt.Errorf("export: write %s: %w", e.Name, err)
	}
	return e.File, nil
}

// Build makes the export of docs in format f without sending it anywhere, so
// that a caller (an HTTP handler) can set headers from File before streaming
// it with WriteTo. The caller must Close the result.
//
// Documents whose type does not support f are skipped and listed in
// File.Skipped. Errors are *docextract.Error values:
//   - EINVALID "Unsupported format: X" for an unknown f, or for bad
//     accounting options;
//   - EINVALID "No documents to export." for an empty docs;
//   - EUNPROCESSABLE "Failed to generate any valid CSV files." (the format's
//     name in capitals: JSON, CSV, XLSX, ACCOUNTING_CSV) when no document
//     supports f.
//
// Any other error (I/O of the temporary file, ctx cancelled) is returned as
// is. Build does not limit the number of documents; the HTTP API allows
// docextract.MaxDocumentsDownload.
func Build(ctx context.Context, f Format, docs []Document, opt Options) (*Export, error) {
	f, err := ParseFormat(string(f))
	if err != nil {
		return nil, err
	}
	if len(docs) == 0 {
		return nil, docextract.Errorf(docextract.EINVALID, "No documents to export.")
	}
	acc, err := opt.Accounting.resolve(f)
	if err != nil {
		return nil, err
	}
	var use []*Document
	var skipped []string
	for i := range docs {
		d := &docs[i]
		if d.Data == nil || isNilData(d.Data) || !Supports(f, d.docType()) {
			skipped = append(skipped, d.ID)
			continue
		}
		use = append(use, d)
	}
	if len(use) == 0 {
		return nil, docextract.Errorf(docextract.EUNPROCESSABLE, "Failed to generate any valid %s files.", strings.ToUpper(string(f)))
	}

	b := &builder{format: f, opt: opt, acc: acc}
	sp := newSpool(opt.TempDir, opt.MemoryLimit)
	ok := false
	defer func() {
		if !ok {
			_ = sp.close()
		}
	}()
	e := &Export{sp: sp, File: File{Skipped: skipped, Files: len(use)}}
	if len(use) == 1 {
		name, ctype, err := b.render(sp, use[0])
		if err != nil {
			return nil, err
		}
		e.Name, e.ContentType = name, ctype
	} else {
		if err := b.zipAll(ctx, sp, use); err != nil {
			return nil, err
		}
		e.Name, e.ContentType = "documents_"+string(f)+".zip", "application/zip"
	}
	e.Size = sp.size()
	if err := b.check(sp, len(use)); err != nil {
		return nil, err
	}
	ok = true
	return e, nil
}

// builder renders documents of one export.
type builder struct {
	format Format
	opt    Options
	acc    accounting
	names  map[string]int
	inZip  bool // rendering entries of a ZIP archive
	buf    bytes.Buffer
}

// render writes the file of d to w and returns its name and content type.
func (b *builder) render(w io.Writer, d *Document) (name, ctype string, err error) {
	switch b.format {
	case JSON:
		err = writeJSON(w, d)
		ctype = "application/json"
	case CSV:
		err = writeCSV(w, d, b.opt)
		ctype = "text/csv; charset=utf-8"
	case XLSX:
		err = writeXLSX(w, d, b.inZip)
		ctype = xlsxContentType
	case AccountingCSV:
		err = writeAccounting(w, d, b.acc)
		ctype = "text/csv; charset=utf-8"
	}
	if err != nil {
		return "", "", fmt.Errorf("export: %s of document %s: %w", b.format, d.ID, err)
	}
	return b.fileName(d), ctype, nil
}

// zipAll renders every document into its own entry of a ZIP archive written to
// w. Each file is rendered into a reused buffer first, so an entry is added
// only once its file is complete, and memory stays bounded by the largest
// single file.
func (b *builder) zipAll(ctx context.Context, w io.Writer, docs []*Document) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, fastDeflate)
	b.inZip = true
	b.names = make(map[string]int, len(docs))
	for _, d := range docs {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.buf.Reset()
		name, _, err := b.render(&b.buf, d)
		if err != nil {
			return err
		}
		hdr := &zip.FileHeader{Name: b.unique(name), Method: zip.Deflate}
		if !d.CreatedAt.IsZero() {
			hdr.Modified = d.CreatedAt.UTC()
		}
		fw, err := zw.CreateHeader(hdr)
		if err != nil {
			return fmt.Errorf("export: zip: %w", err)
		}
		if _, err := fw.Write(b.buf.Bytes()); err != nil {
			return fmt.Errorf("export: zip: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("export: zip: %w", err)
	}
	if b.buf.Cap() > 4<<20 {
		b.buf = bytes.Buffer{}
	}
	return nil
}

// check verifies the finished output before anything is sent: a ZIP must
// open and list exactly the expected entries; a single file must be
// non-empty.
func (b *builder) check(sp *spool, files int) error {
	if sp.size() == 0 {
		return errors.New("export: empty output")
	}
	if files == 1 {
		return nil
	}
	r, err := sp.readerAt()
	if err != nil {
		return err
	}
	zr, err := zip.NewReader(r, sp.size())
	if err != nil {
		return fmt.Errorf("export: check zip: %w", err)
	}
	if len(zr.File) != files {
		return fmt.Errorf("export: check zip: %d entries, want %d", len(zr.File), files)
	}
	return nil
}

// unique returns name, or name with "-2", "-3"... before its extension when an
// earlier entry of the archive already has it.
func (b *builder) unique(name string) string {
	if b.names[name] == 0 {
		b.names[name] = 1
		return name
	}
	base, ext := name, ""
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		base, ext = name[:i], name[i:]
	}
	for n := b.names[name] + 1; ; n++ {
		cand := fmt.Sprintf("%s-%d%s", base, n, ext)
		if b.names[cand] == 0 {
			b.names[cand] = 1
			b.names[name] = n
			return cand
		}
	}
}

// fileName derives the ASCII file name of d from its data:
// <type>_<number>_<shortid>.<ext>, for example invoice_INV-001_3f2a9c1b.csv,
// receipt_R-77_3f2a9c1b.xlsx, bank_statement_2024-03-31_3f2a9c1b.json, and
// xero_invoice_INV-001_3f2a9c1b.csv for accounting_csv (the profile name
// first). Parts that are missing or sanitise to nothing are left out.
func (b *builder) fileName(d *Document) string {
	key := docextract.DataKey(d.Data)
	parts := []string{string(d.docType())}
	if b.format == AccountingCSV {
		parts = append([]string{b.acc.profile}, parts...)
	}
	if k := sanitizeName(key, 40); k != "" {
		parts = append(parts, k)
	}
	if id := sanitizeName(strings.ReplaceAll(d.ID, "-", ""), 8); id != "" {
		parts = append(parts, id)
	}
	ext := string(b.format)
	if b.format == AccountingCSV {
		ext = "csv"
	}
	return strings.Join(parts, "_") + "." + ext
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
