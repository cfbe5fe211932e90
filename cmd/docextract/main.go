// Command docextract is the reference server and command-line tool of
// docextract: `serve` runs the HTTP API on SQLite; the other sub-commands
// manage teams, keys and credits, or extract files locally without a server.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one sub-command. Each lives in its own file and registers itself
// from an init function, so sub-commands can be added without touching main.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("docextract: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// errUsage means the arguments were wrong; the message was already printed.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Main runs the command line args and returns the process exit code. Tests
// call it directly.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || (args[0] == "help" && len(args) == 1) {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = []string{"version"}
	}
	// "docextract help serve" shows that command's flags, as "serve -h" does.
	help := args[0] == "help"
	if help {
		args = args[1:]
	}
	name := args[0]
	// Two-word commands: "team create", "key create", "credits grant".
	if len(args) > 1 {
		if _, ok := commands[args[0]+" "+args[1]]; ok {
			name = args[0] + " " + args[1]
			args = args[1:]
		}
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "docextract: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	if help {
		fmt.Fprintf(stderr, "docextract %s: %s\n\n", name, c.summary)
		if err := c.run(ctx, []string{"-h"}, stdout, stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
			return 2
		}
		return 0
	}
	if err := c.run(ctx, args[1:], stdout, stderr); err != nil {
		if errors.Is(err, errUsage) || errors.Is(err, flag.ErrHelp) {
			return 2
		}
		fmt.Fprintf(stderr, "docextract %s: %v\n", name, err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: docextract <command> [flags]    (docextract help <command> lists its flags)")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-18s %s\n", n, commands[n].summary)
	}
}

// newFlagSet returns a FlagSet that reports errors to stderr and returns them
// instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("docextract "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
