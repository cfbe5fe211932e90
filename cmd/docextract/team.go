package main

import (
	"context"
	"fmt"
	"io"
)

func init() {
	register(command{name: "team create", summary: "create a team: --name NAME [--json]", run: runTeamCreate})
}

func runTeamCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("team create", stderr)
	db := dbFlag(fs)
	name := fs.String("name", "", "team name (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *name == "" {
		fmt.Fprintln(stderr, "docextract team create: --name is required")
		return errUsage
	}
	s, err := openDB(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	t, err := s.CreateTeam(ctx, *name)
	if err != nil {
		return err
	}
	return printResult(stdout, *asJSON, map[string]string{"id": t.ID, "name": t.Name}, t.ID)
}
