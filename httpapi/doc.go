// Package httpapi serves the document API of docs/api.md (upload, result,
// delete, plus what other files of this package add) over net/http, on a
// store.Store. It does no background work: package worker extracts the
// queued tasks and package webhook/dispatch sends webhooks.
//
// A Server is configured by its exported fields, like http.Server. Routes are
// registered in one place, routes(); a file that adds endpoints adds its
// lines there. Every error goes through Error, which maps the
// docextract error code to one HTTP status and never shows an internal
// error's text to the client.
//
// It is not the extraction library (package extract) nor the storage
// (package store): it translates between HTTP and those.
package httpapi
