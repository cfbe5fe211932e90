package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/docextract/docextract/webhook"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "receiver:", err)
		os.Exit(1)
	}
}

// config is the parsed command line.
type config struct {
	addr, path, store string
	secrets           []webhook.Secret
}

func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	def := func(env, fallback string) string {
		if v := getenv(env); v != "" {
			return v
		}
		return fallback
	}
	fs := flag.NewFlagSet("receiver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.addr, "addr", def("RECEIVER_ADDR", ":8000"), "listen address (RECEIVER_ADDR)")
	fs.StringVar(&c.path, "path", def("RECEIVER_PATH", "/webhooks/docextract"), "URL path of the endpoint (RECEIVER_PATH)")
	fs.StringVar(&c.store, "store", def("RECEIVER_STORE", "docextract-events.log"), "append-only file of received event ids (RECEIVER_STORE)")
	secrets := fs.String("secrets", def("WEBHOOK_SECRETS", ""), "comma-separated whsec_ secrets (WEBHOOK_SECRETS)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	for _, s := range strings.Split(*secrets, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		p, err := webhook.ParseSecret(s)
		if err != nil {
			return c, err
		}
		c.secrets = append(c.secrets, p)
	}
	if len(c.secrets) == 0 {
		return c, errors.New("no secret: set -secrets or WEBHOOK_SECRETS")
	}
	return c, nil
}

// run serves until ctx ends. When ready is not nil it receives the bound
// address once the listener is up (tests listen on 127.0.0.1:0).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, ready chan<- string) error {
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		return err
	}
	store, err := OpenFileStore(cfg.store)
	if err != nil {
		return err
	}
	defer store.Close()

	logger := log.New(stderr, "receiver: ", log.LstdFlags)
	var outMu sync.Mutex
	out := json.NewEncoder(stdout)
	mux := http.NewServeMux()
	mux.Handle("POST "+cfg.path, &webhook.Handler{
		Secrets:  cfg.secrets,
		Store:    store,
		ErrorLog: logger,
		OnEvent: func(ctx context.Context, e webhook.Event) error {
			if e.WebhookVersion != webhook.Version {
				logger.Printf("ALERT: event %s has unsupported webhook_version %q; recorded, not processed", e.ID, e.WebhookVersion)
			}
			switch e.Type {
			case webhook.EventTaskCompleted, webhook.EventTaskFailed, webhook.EventEndpointTest:
			default:
				return nil // acknowledged without business action
			}
			// Hand the event to the next stage. A real integration would
			// insert into its own queue here, in the same durable store.
			outMu.Lock()
			defer outMu.Unlock()
			return out.Encode(e)
		},
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok\n") })

	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          logger,
	}
	logger.Printf("listening on %s%s", ln.Addr(), cfg.path)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	logger.Printf("stopped")
	return nil
}
