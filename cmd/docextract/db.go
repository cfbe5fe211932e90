package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/postgres"
	"github.com/docextract/docextract/store/sqlite"
)

// defaultDB is the database path when neither --db nor DOCEXTRACT_DB is set.
const defaultDB = "docextract.db"

// dbFlag adds --db, defaulting to $DOCEXTRACT_DB, then docextract.db.
func dbFlag(fs *flag.FlagSet) *string {
	def := os.Getenv("DOCEXTRACT_DB")
	if def == "" {
		def = defaultDB
	}
	return fs.String("db", def, dbUsage)
}

const dbUsage = "SQLite database file, or a postgres:// URL (env DOCEXTRACT_DB)"

// openDB opens the store named by dsn: PostgreSQL for a postgres:// or
// postgresql:// URL, else the SQLite file at that path.
func openDB(ctx context.Context, dsn string) (store.Store, error) {
	if postgres.IsURL(dsn) {
		return postgres.Open(ctx, dsn)
	}
	return sqlite.Open(ctx, dsn)
}

// printResult writes v as one JSON line with --json, else text.
func printResult(w io.Writer, asJSON bool, v any, text string) error {
	if asJSON {
		return json.NewEncoder(w).Encode(v)
	}
	_, err := fmt.Fprintln(w, text)
	return err
}

// parseFlags parses args and refuses positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "unexpected arguments: %v\n", fs.Args())
		fs.Usage()
		return errUsage
	}
	return nil
}
