package main

import (
	"context"
	"fmt"
	"io"

	"github.com/docextract/docextract"
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

func init() {
	register(command{name: "team set", summary: "change a team's settings: --team ID --classification auto|review [--json]", run: runTeamSet})
}

// runTeamSet changes a team's settings. --classification decides what
// happens to a document whose content clearly disagrees with the type
// requested at upload: "auto" (the default) extracts only what matches,
// "review" parks the task in needs_review until it is approved or rejected
// through the API.
func runTeamSet(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("team set", stderr)
	db := dbFlag(fs)
	team := fs.String("team", "", "team id (required)")
	classification := fs.String("classification", "", "auto or review (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	c, ok := docextract.ParseClassification(*classification)
	if *team == "" || !ok {
		fmt.Fprintln(stderr, "docextract team set: --team and --classification auto|review are required")
		return errUsage
	}
	s, err := openDB(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.SetClassification(ctx, *team, c); err != nil {
		return err
	}
	return printResult(stdout, *asJSON, map[string]string{"id": *team, "classification": string(c)}, fmt.Sprintf("Team %s: classification %s", *team, c))
}
