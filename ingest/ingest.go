// Package ingest turns a received file into a task: it checks the file
// (content type sniffed from its bytes, never its name; pages counted; the
// limits of docs/api.md, Upload) and builds the store.Upload that stores
// the task, its first document, its file, its credit hold (one credit per
// page, an image is one page) and its extraction job in one transaction.
//
// Every way into the server takes this path, so an upload is the same
// task whatever brought it: package httpapi for HTTP uploads
// (ingest_source "upload"), package ingest/email for mail
// (ingest_source "email"). It is not the transport (multipart bodies,
// SMTP) nor the storage (the caller calls store.Tasks.CreateUpload or
// CreateUploads with what Prepare returns).
package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/store"
)

// The client-facing texts of the file checks (docs/api.md, Errors).
const (
	MsgInvalidFileType = "Invalid file type"
	MsgFileTooLarge    = "File too large. Maximum size is 20MB."
	MsgTooManyPages    = "PDF exceeds the maximum of 200 pages."
	MsgBusy            = "Server busy. Please retry."
)

// CodeBusy is the error code of a file that could not be checked in time
// because every page-counting engine was busy: nothing was stored, and the
// sender may retry (HTTP 503, SMTP 451).
const CodeBusy = "busy"

// Inspector learns a file's page count cheaply, without extracting it.
// *extract.Extractor satisfies it.
type Inspector interface {
	Inspect(ctx context.Context, data []byte, password string) (extract.Info, error)
}

// File is a received file, spooled: Size bytes from offset 0 of Spool.
type File struct {
	Spool *os.File
	Size  int64
	Name  string // as the sender gave it; Prepare sanitizes it
}

// Target is whom a file is for and how it arrived.
type Target struct {
	TeamID  string
	DocType docextract.DocType
	Source  string // docextract.SourceUpload or docextract.SourceEmail
}

// Prepare checks f and returns the upload that stores it as a task of
// to.TeamID with the id id. Errors carry the texts of docs/api.md, Errors:
// EINVALID "Invalid file type" (not PDF, JPEG or PNG, or malformed),
// ETOOLARGE (over docextract.MaxFileSize), EINVALID "PDF exceeds the
// maximum of 200 pages.", CodeBusy when no page-counting engine was free in
// time; other errors are internal. An encrypted PDF is accepted with its
// pages unknown (it holds one credit until its password arrives).
//
// The upload's File reads f.Spool: keep it open until the upload is
// stored.
func Prepare(ctx context.Context, insp Inspector, f File, to Target, id string) (*store.Upload, error) {
	if f.Size > docextract.MaxFileSize {
		return nil, docextract.Errorf(docextract.ETOOLARGE, MsgFileTooLarge)
	}
	if f.Size == 0 {
		return nil, docextract.Errorf(docextract.EINVALID, MsgInvalidFileType)
	}
	// The file is mapped, not read onto the heap: a 20 MB upload is
	// checked without 20 MB of memory.
	data, unmap, err := mapFile(f.Spool, f.Size)
	if err != nil {
		return nil, err
	}
	contentType := extract.Sniff(data[:min(len(data), SniffLen)])
	if contentType == "" {
		unmap()
		return nil, docextract.Errorf(docextract.EINVALID, MsgInvalidFileType)
	}
	// Inspect counts PDF pages and checks images (dimensions, bombs)
	// without extracting.
	info, err := insp.Inspect(ctx, data, "")
	unmap()
	switch {
	case errors.Is(err, extract.ErrTooManyPages):
		return nil, docextract.Errorf(docextract.EINVALID, MsgTooManyPages)
	case errors.Is(err, extract.ErrUnsupportedType), errors.Is(err, extract.ErrMalformed):
		return nil, docextract.Errorf(docextract.EINVALID, MsgInvalidFileType)
	case errors.Is(err, extract.ErrTimeout):
		// Every page-counting engine was busy, or the file's structure
		// took too long to read: nothing is stored, the sender may retry.
		return nil, docextract.Errorf(CodeBusy, MsgBusy)
	case err != nil && !errors.Is(err, extract.ErrPasswordRequired):
		return nil, fmt.Errorf("inspect file: %w", err)
	}
	if info.PageCount > docextract.MaxPDFPages {
		return nil, docextract.Errorf(docextract.EINVALID, MsgTooManyPages)
	}
	pages := info.PageCount // 0 for an encrypted PDF: unknown, holds 1
	if contentType != extract.TypePDF {
		pages = 1
	}
	task := &store.Task{ID: id, TeamID: to.TeamID, DocType: to.DocType, IngestSource: to.Source,
		FileName: SanitizeFileName(f.Name), ContentType: contentType, PageCount: pages, FileSize: f.Size}
	return &store.Upload{Task: task, Credits: credits.ForPages(pages), File: io.NewSectionReader(f.Spool, 0, f.Size)}, nil
}

// SniffLen is how much of a file's start content sniffing looks at (a PDF
// header may follow up to 1024 bytes of junk).
const SniffLen = 1024 + 8

// SanitizeFileName keeps the base name of a sender-supplied file name,
// valid UTF-8 without control characters (C0, C1) and without the
// bidirectional controls (U+202E and the like) that make "invoice‮fdp.exe"
// display as "invoiceexe.pdf", at most 255 bytes; "upload" when nothing is
// left.
func SanitizeFileName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = filepath.Base(name)
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == utf8.RuneError || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(name, ""))
	for len(name) > 255 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == "/" || name == ".." {
		return "upload"
	}
	return name
}
