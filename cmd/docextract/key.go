package main

import (
	"context"
	"fmt"
	"io"

	"github.com/docextract/docextract/httpapi"
)

func init() {
	register(command{name: "key create", summary: "create an API key for a team, shown once: --team ID [--json]", run: runKeyCreate})
}

func runKeyCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("key create", stderr)
	db := dbFlag(fs)
	team := fs.String("team", "", "team id (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *team == "" {
		fmt.Fprintln(stderr, "docextract key create: --team is required")
		return errUsage
	}
	s, err := openDB(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	key, rec := httpapi.GenerateAPIKey(*team)
	if err := s.CreateAPIKey(ctx, rec); err != nil {
		return err
	}
	return printResult(stdout, *asJSON, map[string]string{"key": key, "id": rec.ID, "team_id": rec.TeamID}, key)
}
