package main

import (
	"context"
	"fmt"
	"io"

	"github.com/docextract/docextract/credits"
)

func init() {
	register(command{name: "credits grant", summary: "grant credits to a team: --team ID --amount N [--json]", run: runCreditsGrant})
	register(command{name: "credits balance", summary: "show a team's credits: --team ID [--json]", run: runCreditsBalance})
}

// balanceJSON is the --json output of both credits commands.
type balanceJSON struct {
	Available int64 `json:"available"`
	Held      int64 `json:"held"`
	Captured  int64 `json:"captured"`
	Granted   int64 `json:"granted"`
}

func runCreditsGrant(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("credits grant", stderr)
	db := dbFlag(fs)
	team := fs.String("team", "", "team id (required)")
	amount := fs.Int64("amount", 0, "credits to grant, > 0 (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *team == "" || *amount <= 0 {
		fmt.Fprintln(stderr, "docextract credits grant: --team and a positive --amount are required")
		return errUsage
	}
	s, err := openDB(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.Grant(ctx, *team, *amount); err != nil {
		return err
	}
	return printBalance(ctx, s, *team, *asJSON, stdout)
}

func runCreditsBalance(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("credits balance", stderr)
	db := dbFlag(fs)
	team := fs.String("team", "", "team id (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *team == "" {
		fmt.Fprintln(stderr, "docextract credits balance: --team is required")
		return errUsage
	}
	s, err := openDB(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	return printBalance(ctx, s, *team, *asJSON, stdout)
}

func printBalance(ctx context.Context, l credits.Ledger, team string, asJSON bool, stdout io.Writer) error {
	b, err := l.Balance(ctx, team)
	if err != nil {
		return err
	}
	out := balanceJSON{Available: b.Available(), Held: b.Held, Captured: b.Captured, Granted: b.Granted}
	return printResult(stdout, asJSON, out,
		fmt.Sprintf("available %d  held %d  captured %d  granted %d", out.Available, out.Held, out.Captured, out.Granted))
}
