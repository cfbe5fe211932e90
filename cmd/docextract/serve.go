package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/extract/pdf/pdfium"
	"github.com/docextract/docextract/extract/template"
	"github.com/docextract/docextract/extract/withpdfium"
	"github.com/docextract/docextract/httpapi"
	"github.com/docextract/docextract/httpapi/dashboard"
	"github.com/docextract/docextract/ingest"
	"github.com/docextract/docextract/ingest/email"
	"github.com/docextract/docextract/ratelimit"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/store/postgres"
	"github.com/docextract/docextract/webhook/delivery"
	"github.com/docextract/docextract/webhook/dispatch"
	"github.com/docextract/docextract/worker"
)

func init() {
	register(command{name: "serve", summary: "run the HTTP API and the extraction workers on SQLite or PostgreSQL", run: runServe})
}

// Starter values of a first serve on an empty database.
const (
	defaultTeamName = "default"
	starterCredits  = 1000
)

type serveConfig struct {
	db, spoolDir, addr, baseURL, rateLimit, retrySchedule, logFormat, templates string
	workers, inspectEngines                                                     int
	pdfMemory, pdfBudget                                                        int64
	jobLease, timeout, inspectTimeout, shutdown                                 time.Duration
	allowPrivate, accessLog                                                     bool
	metricsAddr                                                                 string
	net                                                                         netLimits
	smtp                                                                        smtpConfig
}

// smtpConfig is the e-mail intake of serve (package ingest/email).
type smtpConfig struct {
	addr, domain              string
	maxRecipients, maxConns   int
	maxConnsPerIP             int
	maxMessageBytes           int64
	readTimeout, writeTimeout time.Duration
}

func (m *smtpConfig) flags(fs *flag.FlagSet) {
	fs.StringVar(&m.addr, "smtp-addr", "", "listen address of the SMTP intake (e.g. :25 or 127.0.0.1:2525; port 0 picks a free port); empty: no e-mail intake")
	fs.StringVar(&m.domain, "smtp-domain", "", "mail domain of the team inboxes, <type>+<token>@DOMAIN; required with --smtp-addr, also shown by the API")
	fs.IntVar(&m.maxRecipients, "smtp-max-recipients", email.DefaultMaxRecipients, "recipients of one message; more are answered 452")
	fs.IntVar(&m.maxConns, "smtp-max-conns", email.DefaultMaxConns, "SMTP connections open at once; more are answered 421 and closed")
	fs.IntVar(&m.maxConnsPerIP, "smtp-max-conns-per-ip", email.DefaultMaxConnsPerIP, "SMTP connections open at once from one client address (IPv6: its /64); more are answered 421 and closed (behind your own mail server: raise it to --smtp-max-conns)")
	fs.Int64Var(&m.maxMessageBytes, "smtp-max-message-bytes", email.DefaultMaxMessageBytes, "largest message as sent (encoded attachments included); larger is refused with 552 (default fits one 20 MB attachment)")
	fs.DurationVar(&m.readTimeout, "smtp-read-timeout", email.DefaultReadTimeout, "time to send each SMTP command, and each read of a message's data: a stalled sender is cut")
	fs.DurationVar(&m.writeTimeout, "smtp-write-timeout", email.DefaultWriteTimeout, "time for each SMTP reply to be written")
}

func (m *smtpConfig) check() error {
	switch {
	case m.addr != "" && m.domain == "":
		return errors.New("--smtp-addr needs --smtp-domain, the domain of the inbox addresses")
	case m.maxRecipients < 1, m.maxConns < 1, m.maxConnsPerIP < 1:
		return errors.New("--smtp-max-recipients and --smtp-max-conns must be at least 1")
	case m.maxMessageBytes < 1<<20:
		return errors.New("--smtp-max-message-bytes must be at least 1048576")
	case m.readTimeout <= 0, m.writeTimeout <= 0:
		return errors.New("--smtp-read-timeout and --smtp-write-timeout must be positive")
	}
	return nil
}

// netLimits are the connection and request limits of serve.
type netLimits struct {
	maxConns, maxConnsPerIP, maxHeaderBytes int
	minBodyRate                             int64
	readHeader, bodyGrace, write, idle      time.Duration
}

// flags registers the limits on fs with their defaults.
func (n *netLimits) flags(fs *flag.FlagSet) {
	fs.IntVar(&n.maxConns, "max-conns", defaultMaxConns(), "connections open at once; more are answered 503 and closed (default: half the open-file limit, at most 10000)")
	fs.IntVar(&n.maxConnsPerIP, "max-conns-per-ip", 256, "connections open at once from one client IP (IPv6: one /64); 0 = no cap (behind a reverse proxy every client has its address)")
	fs.IntVar(&n.maxHeaderBytes, "max-header-bytes", 64<<10, "largest request header block; larger is answered 431")
	fs.Int64Var(&n.minBodyRate, "min-body-rate", httpapi.DefaultMinBodyRate, "slowest average rate, bytes/s, at which a request body may arrive after --body-grace; slower or stalled bodies are cut with 408")
	fs.DurationVar(&n.bodyGrace, "body-grace", httpapi.DefaultBodyGrace, "head start of a request body before --min-body-rate applies")
	fs.DurationVar(&n.readHeader, "read-header-timeout", 10*time.Second, "time to send a request's headers")
	fs.DurationVar(&n.write, "write-timeout", httpapi.DefaultWriteTimeout, "time for each write of a response (each MiB of a download); a client that stops reading is cut")
	fs.DurationVar(&n.idle, "idle-timeout", 2*time.Minute, "how long an idle keep-alive connection stays open")
}

func (n *netLimits) check() error {
	switch {
	case n.maxConns < 0, n.maxConnsPerIP < 0:
		return errors.New("--max-conns and --max-conns-per-ip must not be negative")
	case n.maxHeaderBytes < 1024:
		return errors.New("--max-header-bytes must be at least 1024")
	case n.minBodyRate < 1:
		return errors.New("--min-body-rate must be at least 1")
	case n.bodyGrace <= 0, n.readHeader <= 0, n.write <= 0, n.idle <= 0:
		return errors.New("--body-grace, --read-header-timeout, --write-timeout and --idle-timeout must be positive")
	}
	return nil
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	var c serveConfig
	fs.StringVar(&c.db, "db", "", "SQLite database file (default docextract.db), or a postgres:// URL to share one PostgreSQL database among several servers (env DOCEXTRACT_DB); uploaded files are stored in it")
	fs.StringVar(&c.spoolDir, "spool-dir", "", "directory for uploads in transit (default: beside the SQLite file; the system temp directory with PostgreSQL)")
	dbDefault := dbFlag(newFlagSet("", io.Discard))
	fs.StringVar(&c.addr, "addr", ":8080", "listen address; port 0 picks a free port (the bound address is printed)")
	fs.StringVar(&c.baseURL, "base-url", "", "public base URL of the API (default http://<bound address>)")
	fs.IntVar(&c.workers, "workers", max(1, min(4, runtime.GOMAXPROCS(0))), "concurrent extraction workers (and PDF engine instances)")
	fs.StringVar(&c.rateLimit, "rate-limit", "1000/1m", "uploads per API key, N/DURATION (e.g. 1000/1m, 5/1s)")
	fs.BoolVar(&c.allowPrivate, "webhook-allow-private", false, "development: admit http and loopback/private webhook receivers")
	fs.StringVar(&c.retrySchedule, "webhook-retry-schedule", "", "webhook retry delays, comma-separated (default 1m,5m,15m,1h,6h,1d,2d)")
	fs.DurationVar(&c.jobLease, "job-lease", 30*time.Second, "visibility timeout of a leased extraction job (crash recovery delay)")
	fs.DurationVar(&c.timeout, "extract-timeout", 2*time.Minute, "limit of one document's extraction")
	fs.Int64Var(&c.pdfMemory, "pdf-memory-limit", pdfium.DefaultMemoryLimit>>20, "MiB of memory the PDF engine may use for one document; a document that needs more (a flate bomb) fails with processing_failed")
	fs.Int64Var(&c.pdfBudget, "pdf-memory-budget", 0, "MiB of memory all PDF engine instances (workers' and uploads') may use together; a document refused memory for 5 s fails with processing_failed (default: 448, or 64 per instance when that is more)")
	fs.IntVar(&c.inspectEngines, "inspect-engines", 2, "PDF engine instances that count pages at upload, apart from the workers' (uploads never wait for extraction)")
	fs.DurationVar(&c.inspectTimeout, "inspect-timeout", 10*time.Second, "limit of counting an upload's pages; over it the upload is answered 503")
	fs.DurationVar(&c.shutdown, "shutdown-grace", 20*time.Second, "on SIGTERM, how long in-flight requests and jobs may finish")
	fs.StringVar(&c.templates, "templates", "", "directory of invoice2data YAML templates; sub-directories are template groups (built-in extractors are group \"builtin\")")
	fs.StringVar(&c.logFormat, "log-format", "text", "log format on stderr: text or json")
	fs.BoolVar(&c.accessLog, "access-log", true, "log one line per HTTP request (request id, route, status, bytes, duration)")
	fs.StringVar(&c.metricsAddr, "metrics-addr", "", "listen address of Prometheus /metrics (e.g. 127.0.0.1:9464), apart from the API so it is not public; empty: no metrics")
	c.net.flags(fs)
	c.smtp.flags(fs)
	documentEnv(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := applyEnv(fs, nil); err != nil {
		fmt.Fprintf(stderr, "docextract serve: %v\n", err)
		return errUsage
	}
	if c.db == "" {
		c.db = *dbDefault
	}
	if c.pdfMemory < 64 || c.pdfMemory > 4095 {
		fmt.Fprintln(stderr, "docextract serve: --pdf-memory-limit must be 64 to 4095 (MiB)")
		return errUsage
	}
	if c.pdfBudget == 0 {
		c.pdfBudget = max(448, 64*int64(c.workers+1+c.inspectEngines))
	}
	if c.pdfBudget < c.pdfMemory {
		fmt.Fprintln(stderr, "docextract serve: --pdf-memory-budget must be at least --pdf-memory-limit")
		return errUsage
	}
	if c.inspectEngines < 1 || c.inspectTimeout <= 0 {
		fmt.Fprintln(stderr, "docextract serve: --inspect-engines must be at least 1 and --inspect-timeout positive")
		return errUsage
	}
	if err := c.net.check(); err != nil {
		fmt.Fprintf(stderr, "docextract serve: %v\n", err)
		return errUsage
	}
	if err := c.smtp.check(); err != nil {
		fmt.Fprintf(stderr, "docextract serve: %v\n", err)
		return errUsage
	}
	rate, err := ratelimit.ParseRate(c.rateLimit)
	if err != nil {
		fmt.Fprintf(stderr, "docextract serve: --rate-limit: %v\n", err)
		return errUsage
	}
	var schedule []time.Duration
	if c.retrySchedule != "" {
		if schedule, err = delivery.ParseSchedule(c.retrySchedule); err != nil {
			fmt.Fprintf(stderr, "docextract serve: --webhook-retry-schedule: %v\n", err)
			return errUsage
		}
	}
	var handler slog.Handler = slog.NewTextHandler(stderr, nil)
	if c.logFormat == "json" {
		handler = slog.NewJSONHandler(stderr, nil)
	}
	log := slog.New(handler)
	slog.SetDefault(log)

	db, err := openDB(ctx, c.db)
	if err != nil {
		return err
	}
	if c.spoolDir == "" {
		// Uploads spool next to the database, on the disk given to it,
		// not in a /tmp that may be memory.
		c.spoolDir = filepath.Dir(c.db)
		if postgres.IsURL(c.db) {
			c.spoolDir = os.TempDir()
		}
	}
	defer db.Close()
	first := func() error { return bootstrap(ctx, db, stdout, c.smtp.domain) }
	if pg, ok := db.(*postgres.DB); ok {
		// Servers starting together on an empty database: one creates
		// the default team, the others then find it.
		err = pg.Exclusive(ctx, "docextract.bootstrap", first)
	} else {
		err = first()
	}
	if err != nil {
		return err
	}

	var templates *template.Set
	if c.templates != "" {
		if templates, err = template.Load(c.templates); err != nil {
			return err
		}
		log.Info("loaded templates", "count", len(templates.Templates), "dir", c.templates)
	}
	// Go cannot preempt a goroutine while it runs WebAssembly code: each
	// PDF engine call holds a P until it returns. Without Ps to spare, two
	// long calls on a two-core machine would leave none for the HTTP
	// server (/healthz stalled for seconds under two flate bombs). The
	// operating system shares the cores among the extra threads.
	if n := c.workers + 1 + c.inspectEngines + 2; runtime.GOMAXPROCS(0) < n {
		runtime.GOMAXPROCS(n)
	}
	// One engine per worker, plus one for the spare worker that keeps a
	// team with nothing running from waiting behind another team's jobs.
	// All engines share one memory budget: two flate bombs at once cannot
	// take the process past it, whatever the number of engines.
	budget := pdfium.NewMemoryBudget(c.pdfBudget << 20)
	x, err := withpdfium.New(extract.Config{Timeout: c.timeout, Templates: templates},
		pdfium.Config{Workers: c.workers + 1, MemoryLimit: c.pdfMemory << 20, Budget: budget})
	if err != nil {
		return fmt.Errorf("start extractor: %w", err)
	}
	defer x.Close()
	// Uploads count pages on engines of their own, under their own
	// deadline: an upload never waits for an engine the workers hold.
	inspector, err := withpdfium.New(extract.Config{Timeout: c.inspectTimeout}, pdfium.Config{Workers: c.inspectEngines, MemoryLimit: c.pdfMemory << 20, Budget: budget})
	if err != nil {
		return fmt.Errorf("start upload inspector: %w", err)
	}
	defer inspector.Close()

	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	var mln net.Listener // Prometheus metrics, on an address of their own
	if c.metricsAddr != "" {
		if mln, err = net.Listen("tcp", c.metricsAddr); err != nil {
			ln.Close()
			return fmt.Errorf("--metrics-addr: %w", err)
		}
		defer mln.Close()
	}
	var sln net.Listener // the SMTP intake
	if c.smtp.addr != "" {
		if sln, err = net.Listen("tcp", c.smtp.addr); err != nil {
			ln.Close()
			return fmt.Errorf("--smtp-addr: %w", err)
		}
		defer sln.Close()
	}
	ln = httpapi.LimitListener(ln, httpapi.ListenerLimits{MaxConns: c.net.maxConns, MaxConnsPerIP: c.net.maxConnsPerIP})
	if c.baseURL == "" {
		c.baseURL = "http://" + addr
	}

	// Templates uploaded through the API are read from the store for each
	// extraction; their group ids join the built-in and --templates groups.
	stored := &worker.StoredTemplates{Store: db, Logger: log}
	groups := func(id string) []string {
		if g := extract.TemplateGroup(templates, id); g != "" {
			return []string{g}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if g := stored.GroupOf(ctx, id); g != "" {
			return []string{g}
		}
		return nil
	}
	// The three parts share the store: the HTTP API queues tasks, the
	// worker pool extracts them and records task events, the dispatcher
	// turns those into webhook deliveries. The callbacks only wake the
	// next part early; each also polls.
	met := newMetrics(db)
	hooks := &dispatch.Dispatcher{Store: db, AllowPrivate: c.allowPrivate, Policy: delivery.Policy{Schedule: schedule},
		BaseURL: c.baseURL, TemplateGroups: groups, Logger: log, OnAttempt: met.observeAttempt}
	pool := &worker.Pool{Store: db, Extractor: x, Templates: stored, Workers: c.workers, JobLease: c.jobLease, ShutdownGrace: c.shutdown,
		OnTaskEvent: hooks.Wake, OnExtracted: met.observeExtraction, Logger: log}
	limiter := ratelimit.New(rate, nil)
	if pg, ok := db.(*postgres.DB); ok {
		// One limit for the fleet: the state per key is in the database.
		limiter = ratelimit.NewShared(rate, pg, nil, func(err error) { log.Warn("rate limit: refused without a decision", "err", err) })
	}
	srv := &httpapi.Server{
		Store: db, SpoolDir: c.spoolDir, Inspector: inspector, OnTaskQueued: pool.Notify, OnTaskEvent: hooks.Wake,
		RateLimiter: limiter, BaseURL: c.baseURL, TemplateGroups: groups, Webhooks: hooks, Logger: log, InboxDomain: c.smtp.domain,
		Limits: httpapi.Limits{MinBodyRate: c.net.minBodyRate, BodyGrace: c.net.bodyGrace, WriteTimeout: c.net.write},
	}

	// No ReadTimeout or WriteTimeout here: they would bound a whole
	// request, and a 20 MB upload on a slow line may rightly take minutes.
	// srv.Guard bounds body reads by rate and each write by time instead,
	// for the dashboard as for the API.
	var accessLog *slog.Logger
	if c.accessLog {
		accessLog = log
	}
	httpSrv := &http.Server{Handler: met.observe(srv.Guard(dashboard.MountHandler(&dashboard.Handler{API: srv, Previewer: x})), srv.Route, accessLog), // the team dashboard under /dashboard/, the API beside it
		ReadHeaderTimeout: c.net.readHeader, IdleTimeout: c.net.idle,
		MaxHeaderBytes: c.net.maxHeaderBytes, ErrorLog: slog.NewLogLogger(handler, slog.LevelWarn)}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	errc := make(chan error, 4)
	wg.Add(3)
	go func() { defer wg.Done(); errc <- pool.Run(runCtx) }()
	go func() { defer wg.Done(); errc <- hooks.Run(runCtx) }()
	if pg, ok := db.(*postgres.DB); ok {
		// Work queued by another server wakes this one's idle workers and
		// dispatcher at once; they also poll.
		wg.Add(1)
		go func() { defer wg.Done(); _ = pg.Listen(runCtx, pool.Notify, func() { hooks.Wake(nil) }) }()
	}
	go func() {
		defer wg.Done()
		if err := httpSrv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	// The e-mail intake makes its tasks through package ingest, as the
	// HTTP upload does, with the same page-counting engines.
	var mail *email.Server
	if sln != nil {
		mail = &email.Server{Store: db, Inspector: inspector, Domain: c.smtp.domain, SpoolDir: c.spoolDir,
			OnTaskQueued: pool.Notify, MaxMessageBytes: c.smtp.maxMessageBytes, MaxRecipients: c.smtp.maxRecipients,
			MaxConns: c.smtp.maxConns, MaxConnsPerIP: c.smtp.maxConnsPerIP, ReadTimeout: c.smtp.readTimeout, WriteTimeout: c.smtp.writeTimeout,
			RateLimiter: limiter, OnReply: met.observeSMTP, Logger: log}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := mail.Serve(sln); err != nil {
				errc <- err
			}
		}()
		log.Info("smtp", "addr", sln.Addr().String(), "domain", c.smtp.domain)
		fmt.Fprintf(stdout, "docextract smtp listening on %s for @%s\n", sln.Addr(), c.smtp.domain)
	}
	if mln != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", met.handler())
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: time.Minute}
		go func() { _ = msrv.Serve(mln) }()
		defer msrv.Close()
		log.Info("metrics", "addr", mln.Addr().String())
		fmt.Fprintf(stdout, "docextract metrics on http://%s/metrics\n", mln.Addr())
	}
	log.Info("serving", "addr", addr, "base_url", c.baseURL, "db", redactDSN(c.db), "workers", c.workers, "rate_limit", rate.String(),
		"max_conns", c.net.maxConns, "max_conns_per_ip", c.net.maxConnsPerIP)
	fmt.Fprintf(stdout, "docextract listening on http://%s\n", addr)

	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-errc:
	}
	log.Info("shutting down")
	stop()
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.shutdown)
	defer cancel()
	mailDone := make(chan struct{})
	go func() {
		defer close(mailDone)
		if mail != nil {
			// Beside the HTTP shutdown, within the same grace: idle SMTP
			// sessions close at once, a message in DATA is finished and
			// answered; one cut short got no 250 and stored nothing, and
			// its sender sends it again.
			if err := mail.Shutdown(sctx); err != nil {
				log.Warn("smtp shutdown", "err", err)
			}
		}
	}()
	if err := httpSrv.Shutdown(sctx); err != nil {
		log.Warn("http shutdown", "err", err)
	}
	<-mailDone
	wg.Wait() // workers finish or release their jobs within the grace
	log.Info("stopped")
	return runErr
}

// bootstrap creates, on an empty database, a default team with starter
// credits and an API key, printed once, with its inbox address when
// domain (--smtp-domain) is set.
func bootstrap(ctx context.Context, db store.Store, stdout io.Writer, domain string) error {
	n, err := db.CountTeams(ctx)
	if err != nil || n > 0 {
		return err
	}
	team, err := db.CreateTeam(ctx, defaultTeamName)
	if err != nil {
		return err
	}
	if err := db.Grant(ctx, team.ID, starterCredits); err != nil {
		return err
	}
	key, rec := httpapi.GenerateAPIKey(team.ID)
	if err := db.CreateAPIKey(ctx, rec); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Created team %q (%s) with %d credits.\nAPI key (shown once, keep it): %s\n", defaultTeamName, team.ID, starterCredits, key)
	if domain != "" {
		fmt.Fprintf(stdout, "Inbox: %s (default type %s; or %s, …)\n", ingest.InboxAddress(team.InboxToken, "", domain),
			team.InboxDocType, ingest.InboxAddress(team.InboxToken, docextract.Receipt, domain))
	}
	return nil
}

// redactDSN hides the password of a database URL for the log.
func redactDSN(dsn string) string {
	if !postgres.IsURL(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unparsable)"
	}
	return u.Redacted()
}
