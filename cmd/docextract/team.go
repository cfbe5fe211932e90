package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/ingest"
)

func init() {
	register(command{name: "team create", summary: "create a team and its e-mail inbox: --name NAME [--inbox-type TYPE] [--smtp-domain DOMAIN] [--json]", run: runTeamCreate})
}

func runTeamCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("team create", stderr)
	db := dbFlag(fs)
	name := fs.String("name", "", "team name (required)")
	inboxType := fs.String("inbox-type", "invoice", "document type of mail sent to the inbox address without a type: invoice, receipt or bank_statement")
	domain := fs.String("smtp-domain", os.Getenv(envName("smtp-domain")), "mail domain of the inbox addresses, to print them (env DOCEXTRACT_SMTP_DOMAIN, as for serve)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *name == "" {
		fmt.Fprintln(stderr, "docextract team create: --name is required")
		return errUsage
	}
	docType, ok := docextract.ParseDocType(*inboxType)
	if !ok {
		fmt.Fprintln(stderr, "docextract team create: --inbox-type must be "+docextract.TypeNames())
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
	if docType != t.InboxDocType {
		if err := s.SetInboxDocType(ctx, t.ID, docType); err != nil {
			return err
		}
		t.InboxDocType = docType
	}
	// The inbox token is the secret part of the team's addresses
	// <type>+<token>@<domain>: anyone who has it can send the team
	// documents (which hold its credits).
	out := map[string]any{"id": t.ID, "name": t.Name, "inbox_token": t.InboxToken, "inbox_doc_type": t.InboxDocType, "inbox_addresses": nil}
	text := fmt.Sprintf("%s\ninbox token: %s (mail without a type is %s)", t.ID, t.InboxToken, t.InboxDocType)
	if *domain != "" {
		addrs := ingest.InboxAddresses(t.InboxToken, *domain)
		out["inbox_addresses"] = addrs
		text += fmt.Sprintf("\ninbox: %s  %s  %s  %s", addrs["default"], addrs["invoice"], addrs["receipt"], addrs["bank_statement"])
	}
	return printResult(stdout, *asJSON, out, text)
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
