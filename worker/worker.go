// Package worker runs extraction jobs: a pool of workers leases queued
// tasks from the store, extracts each file, and records the outcome (the
// documents, their credits and the task event) in one transaction.
//
// It is the background half of the reference server, separate from the
// HTTP layer: it needs only the narrow Store interface below and an
// Extractor, so it links neither net/http nor a PDF engine of its own.
// It is not the extraction library (package extract) nor the storage
// (package store).
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/credits"
	"github.com/docextract/docextract/extract"
	"github.com/docextract/docextract/store"
	"github.com/docextract/docextract/webhook/event"
	"github.com/google/uuid"
)

// Store is what the pool needs of the store: the job queue and the task
// transitions. store.Store satisfies it.
type Store interface {
	LeaseJob(ctx context.Context, d time.Duration) (*store.Job, error)
	ExtendLease(ctx context.Context, j *store.Job, d time.Duration) error
	ReleaseJob(ctx context.Context, j *store.Job) error
	DeleteJob(ctx context.Context, j *store.Job) error

	FindTask(ctx context.Context, id string) (*store.Task, error)
	ReadFile(ctx context.Context, taskID string) ([]byte, error)
	StartTask(ctx context.Context, taskID string) (*store.Task, error)
	WaitTask(ctx context.Context, taskID string, status docextract.TaskStatus) error
	CompleteTask(ctx context.Context, c *store.Completion) (*store.TaskEvent, error)
	FailTask(ctx context.Context, taskID, code, detail string) (*store.TaskEvent, error)
	FindTeam(ctx context.Context, id string) (*store.Team, error)
	ReviewTask(ctx context.Context, taskID string, detected docextract.DocType) error
	CompleteReprocess(ctx context.Context, jobID string, c *store.Completion) (bool, error)
	AbandonReprocess(ctx context.Context, jobID string) error
}

// Extractor extracts the documents of a file. *extract.Extractor
// satisfies it.
type Extractor interface {
	Extract(ctx context.Context, in extract.Input) (*extract.Result, error)
}

// Pool runs Workers extraction workers. Set the fields, then call Run.
// Zero values mean the documented defaults.
type Pool struct {
	// Store holds the queue and the tasks; required.
	Store Store
	// Extractor reads the files; required.
	Extractor Extractor
	// Templates, when set, gives each extraction the invoice2data
	// templates of the task's team (StoredTemplates reads those uploaded
	// through the API), tried before the extractor's own.
	Templates TemplateSource
	// Workers is the number of concurrent extractions (default 2).
	Workers int
	// SpareWorkers run beside Workers for fairness across teams: while
	// every one of the Workers is busy, a spare worker leases only jobs of
	// teams that have nothing running, so one team's slow documents
	// cannot make every other team wait for them. Spare workers poll
	// (every PollInterval) and need a Store with LeaseJobExcept
	// (store.Store has it). Default 1; negative means none. Give the
	// extractor an engine for each of them too.
	SpareWorkers int
	// JobLease is the visibility timeout of a leased job; a running job's
	// lease is renewed every JobLease/3, so a crashed worker's job is
	// leased again about JobLease after the crash (default 30s).
	JobLease time.Duration
	// PollInterval is how often idle workers look for jobs they were not
	// woken for (default 500ms).
	PollInterval time.Duration
	// MaxAttempts fails a task with processing_failed when its job has
	// been leased more often (a poison file that crashes the process;
	// default 5).
	MaxAttempts int
	// ShutdownGrace is how long in-flight jobs may run on after Run's
	// context ends before they are cancelled and released (default 20s).
	ShutdownGrace time.Duration
	// OnTaskEvent, when set, is called after a task's completed or failed
	// decision was committed (e.g. to wake webhook delivery). The durable
	// record is the store's task event, so a missed call loses nothing.
	OnTaskEvent func(ev *store.TaskEvent)
	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger
	// OnExtracted, when set, is called after each extraction with what it
	// took (for metrics). It must not block.
	OnExtracted func(Extraction)
	// Now and NewID are the clock and the id source of split documents;
	// nil means time.Now and random UUIDs.
	Now   func() time.Time
	NewID func() string

	once sync.Once
	wake chan struct{}

	mu      sync.Mutex
	busy    int            // regular workers running a job
	spares  int            // spare workers running a job
	running map[string]int // jobs running per team
}

// fairStore is the store method spare workers need.
type fairStore interface {
	LeaseJobExcept(ctx context.Context, d time.Duration, teams []string) (*store.Job, error)
}

func (p *Pool) init() {
	p.once.Do(func() {
		if p.Logger == nil {
			p.Logger = slog.Default()
		}
		if p.Workers <= 0 {
			p.Workers = 2
		}
		if p.JobLease <= 0 {
			p.JobLease = 30 * time.Second
		}
		if p.PollInterval <= 0 {
			p.PollInterval = 500 * time.Millisecond
		}
		if p.MaxAttempts <= 0 {
			p.MaxAttempts = 5
		}
		if p.ShutdownGrace <= 0 {
			p.ShutdownGrace = 20 * time.Second
		}
		if p.Now == nil {
			p.Now = time.Now
		}
		if p.NewID == nil {
			p.NewID = uuid.NewString
		}
		p.wake = make(chan struct{}, 1)
		p.running = map[string]int{}
		if p.SpareWorkers == 0 {
			p.SpareWorkers = 1
		}
	})
}

// Notify wakes one idle worker: call it after a task was queued (an
// upload, a password). It never blocks; without it workers find the job on
// their next poll.
func (p *Pool) Notify() {
	p.init()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Run runs Workers extraction workers until ctx ends, then lets in-flight
// jobs finish for up to ShutdownGrace; jobs still running then are
// cancelled and released for the next start. It returns when every worker
// has stopped.
func (p *Pool) Run(ctx context.Context) error {
	p.init()
	// Jobs run on a context that outlives ctx by ShutdownGrace.
	jobCtx, cancelJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelJobs()
	go func() {
		<-ctx.Done()
		t := time.NewTimer(p.ShutdownGrace)
		defer t.Stop()
		select {
		case <-t.C:
			cancelJobs()
		case <-jobCtx.Done():
		}
	}()
	var wg sync.WaitGroup
	for i := range p.Workers {
		wg.Go(func() { p.loop(ctx, jobCtx, i) })
	}
	if fs, ok := p.Store.(fairStore); ok {
		for i := range max(0, p.SpareWorkers) {
			wg.Go(func() { p.spare(ctx, jobCtx, fs, p.Workers+i) })
		}
	}
	wg.Wait()
	return nil
}

func (p *Pool) loop(ctx, jobCtx context.Context, n int) {
	log := p.Logger.With("worker", n)
	poll := time.NewTicker(p.PollInterval)
	defer poll.Stop()
	for ctx.Err() == nil {
		job, err := p.Store.LeaseJob(ctx, p.JobLease)
		if err != nil {
			if ctx.Err() == nil {
				log.Error("lease job", "err", err)
			}
		} else if job != nil {
			p.Notify() // there may be more; let another worker look
			p.setBusy(1)
			p.run(jobCtx, log, job)
			p.setBusy(-1)
			continue
		}
		select {
		case <-ctx.Done():
		case <-p.wake:
		case <-poll.C:
		}
	}
}

// spare is a spare worker's loop: while every regular worker is busy, it
// leases the oldest job of a team with nothing running.
func (p *Pool) spare(ctx, jobCtx context.Context, fs fairStore, n int) {
	log := p.Logger.With("worker", n, "spare", true)
	poll := time.NewTicker(p.PollInterval)
	defer poll.Stop()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
			return
		case <-poll.C:
		}
		teams, allBusy := p.busyTeams()
		if !allBusy {
			continue // a regular worker is free and takes the next job
		}
		job, err := fs.LeaseJobExcept(ctx, p.JobLease, teams)
		if err != nil {
			if ctx.Err() == nil {
				log.Error("lease job", "err", err)
			}
			continue
		}
		if job != nil {
			log.Info("spare worker took a job of a waiting team", "task_id", job.TaskID)
			p.mu.Lock()
			p.spares++
			p.mu.Unlock()
			p.run(jobCtx, log, job)
			p.mu.Lock()
			p.spares--
			p.mu.Unlock()
		}
	}
}

func (p *Pool) setBusy(d int) {
	p.mu.Lock()
	p.busy += d
	p.mu.Unlock()
}

// busyTeams returns the teams with a job running, and whether every
// regular worker is busy with a job whose team is known: a worker that has
// leased a job but not yet started its task has not said whose it is, and
// until it has, the spare must not guess.
func (p *Pool) busyTeams() ([]string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	teams := make([]string, 0, len(p.running))
	known := 0
	for t, n := range p.running {
		teams = append(teams, t)
		known += n
	}
	return teams, p.busy >= p.Workers && known-p.spares >= p.busy && len(teams) > 0
}

// teamRunning counts a job of team as running until the returned func.
func (p *Pool) teamRunning(team string) func() {
	p.mu.Lock()
	p.running[team]++
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		if p.running[team]--; p.running[team] <= 0 {
			delete(p.running, team)
		}
		p.mu.Unlock()
	}
}

// run processes one leased job, renewing its lease while it runs.
func (p *Pool) run(ctx context.Context, log *slog.Logger, job *store.Job) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lost := make(chan struct{})
	done := make(chan struct{})
	go func() { // heartbeat
		defer close(done)
		t := time.NewTicker(p.JobLease / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := p.Store.ExtendLease(ctx, job, p.JobLease); err != nil {
					if ctx.Err() == nil {
						log.Warn("job lease lost", "job_id", job.ID, "task_id", job.TaskID, "err", err)
						close(lost)
						cancel()
					}
					return
				}
			}
		}
	}()
	start := p.Now()
	err := p.processSafely(ctx, log, job)
	cancel()
	<-done
	select {
	case <-lost:
		return // another worker owns it now, or the task is gone
	default:
	}
	if errors.Is(err, context.Canceled) {
		// Shutting down: hand the job back for the next start.
		if rerr := p.Store.ReleaseJob(context.Background(), job); rerr != nil {
			log.Error("release job", "job_id", job.ID, "err", rerr)
		}
		log.Info("job released", "task_id", job.TaskID)
		return
	}
	if err != nil {
		// Left leased: retried when the lease expires, failed after
		// MaxAttempts.
		log.Error("job failed", "task_id", job.TaskID, "attempt", job.Attempts, "err", err)
		return
	}
	log.Info("job done", "task_id", job.TaskID, "attempt", job.Attempts, "elapsed", p.Now().Sub(start).Round(time.Millisecond))
}

// read extracts task's file data (with password, if any) as the task
// asks: its type, forced when a review approved it, and its team's
// templates. report tells OnExtracted what the extraction took and what it
// was charged. A nil report means the extraction did not run: err is the
// store's, reading the team's templates.
func (p *Pool) read(ctx context.Context, task *store.Task, data []byte, password string) (*extract.Result, func(charged int64), error) {
	in := extract.Input{Data: data, FileName: task.FileName, DocType: task.DocType, Password: password, Force: task.ReviewApproved}
	if p.Templates != nil {
		var err error
		if in.Templates, err = p.Templates.TeamTemplates(ctx, task.TeamID); err != nil {
			return nil, nil, fmt.Errorf("team templates: %w", err)
		}
	}
	started := time.Now()
	res, err := p.Extractor.Extract(ctx, in)
	took := time.Since(started)
	report := func(charged int64) {
		if p.OnExtracted != nil {
			e := extracted(task, res, err, took)
			e.Credits = charged
			p.OnExtracted(e)
		}
	}
	return res, report, err
}

// processSafely runs process and turns a panic (a bug, or a file that
// breaks a reader) into a failed task instead of a crashed server.
func (p *Pool) processSafely(ctx context.Context, log *slog.Logger, job *store.Job) (err error) {
	defer func() {
		if v := recover(); v != nil {
			log.Error("task failed: panic in processing", "task_id", job.TaskID, "panic", v)
			err = p.fail(context.WithoutCancel(ctx), job.TaskID, docextract.FailProcessing, "")
		}
	}()
	return p.process(ctx, job)
}

// process extracts one task. It is idempotent: the results, credits and
// event of a task are committed in one transaction that refuses a finished
// task, so a job run again after a crash never charges or stores twice.
func (p *Pool) process(ctx context.Context, job *store.Job) error {
	if job.Kind == store.JobReprocess {
		return p.reprocess(ctx, job)
	}
	if job.Attempts > p.MaxAttempts {
		p.Logger.Warn("task failed: too many attempts", "task_id", job.TaskID, "attempts", job.Attempts)
		return p.fail(ctx, job.TaskID, docextract.FailProcessing, "")
	}
	task, err := p.Store.StartTask(ctx, job.TaskID)
	switch docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND, docextract.ECONFLICT:
		return p.Store.DeleteJob(ctx, job) // deleted meanwhile, or finished already
	default:
		return err
	}
	defer p.teamRunning(task.TeamID)()
	data, err := p.Store.ReadFile(ctx, task.ID)
	switch {
	case docextract.ErrorCode(err) == docextract.ENOTFOUND:
		if _, serr := p.Store.FindTask(ctx, task.ID); docextract.ErrorCode(serr) == docextract.ENOTFOUND {
			return nil // deleted since it started
		}
		p.Logger.Error("task failed: no stored file", "task_id", task.ID)
		return p.fail(ctx, task.ID, docextract.FailProcessing, "")
	case err != nil:
		return err // the store failed: retried when the lease expires
	}
	res, report, err := p.read(ctx, task, data, job.Password)
	data = nil
	switch {
	case report == nil:
		return err // the store failed reading the team's templates: retried when the lease expires
	case ctx.Err() != nil:
		return context.Canceled
	case errors.Is(err, extract.ErrPasswordRequired):
		report(0)
		return ignoreGone(p.Store.WaitTask(ctx, task.ID, docextract.TaskPasswordRequired))
	case err != nil:
		report(0)
		p.Logger.Warn("task failed: extraction", "task_id", task.ID, "err", err)
		// The owner learns why when the file is the reason (a limit it
		// hit, not a PDF, ...); the log keeps the whole error.
		return p.fail(ctx, task.ID, docextract.FailProcessing, extract.FailureDetail(err))
	}

	if detected, ok := disagreement(task, res); ok {
		team, err := p.Store.FindTeam(ctx, task.TeamID)
		if err != nil {
			return ignoreGone(err)
		}
		if team.Classification == docextract.ClassificationReview {
			// The team decides: the task waits, holding its credits and
			// recording no event, until approved or rejected.
			report(0)
			p.Logger.Info("task needs review: content disagrees with the requested type", "task_id", task.ID,
				"requested", task.DocType, "detected", detected)
			return ignoreGone(p.Store.ReviewTask(ctx, task.ID, detected))
		}
	}
	c, err := p.completion(task, res, true)
	if err != nil {
		return err
	}
	ev, err := p.Store.CompleteTask(ctx, c)
	if err != nil {
		return ignoreGone(err)
	}
	var charged int64
	if ev.Type == event.TaskCompleted {
		for _, d := range c.Documents {
			charged += d.CreditsUsed
		}
	}
	report(charged)
	p.emit(ev)
	return nil
}

// completion turns the documents of the requested type in res into the
// task's completion; documents of another type have no result and no
// charge. With ids, the first document keeps the task's id and the others
// get new ones; without, the store assigns them (reprocessing).
func (p *Pool) completion(task *store.Task, res *extract.Result, ids bool) (*store.Completion, error) {
	c := &store.Completion{TaskID: task.ID, ContentType: res.ContentType, PageCount: res.PageCount}
	for _, d := range res.Documents {
		if d.DocType != task.DocType || d.Mismatch {
			continue // not of the requested type: no result, no charge
		}
		doc, err := storeDocument(task, d)
		if err != nil {
			return nil, err
		}
		switch {
		case !ids:
		case len(c.Documents) == 0:
			doc.ID = task.ID // the first document keeps the upload's id
		default:
			doc.ID = p.NewID()
		}
		c.Documents = append(c.Documents, doc)
	}
	return c, nil
}

// reprocess runs a reprocessing job of a finished task: the stored file is
// extracted again (with the team's current templates) and the task's
// documents are replaced in one transaction that captures their credits
// from the job's hold. The task keeps its status and its event: nothing
// is emitted. When the extraction fails (or needs a password, which is not
// kept after the first run) the hold is voided and the documents stay.
func (p *Pool) reprocess(ctx context.Context, job *store.Job) error {
	abandon := func(reason string, err error) error {
		p.Logger.Warn("reprocessing abandoned; the task keeps its documents", "task_id", job.TaskID, "reason", reason, "err", err)
		return ignoreGone(p.Store.AbandonReprocess(ctx, job.ID))
	}
	if job.Attempts > p.MaxAttempts {
		return abandon("too many attempts", nil)
	}
	task, err := p.Store.FindTask(ctx, job.TaskID)
	if docextract.ErrorCode(err) == docextract.ENOTFOUND {
		return p.Store.DeleteJob(ctx, job)
	} else if err != nil {
		return err
	}
	defer p.teamRunning(task.TeamID)()
	data, err := p.Store.ReadFile(ctx, task.ID)
	switch {
	case docextract.ErrorCode(err) == docextract.ENOTFOUND:
		return abandon("no stored file", err)
	case err != nil:
		return err
	}
	// Reprocessing never waits for review: an approved task is read as its
	// approved type, any other as its team's "auto" setting reads it.
	res, report, err := p.read(ctx, task, data, "")
	data = nil
	switch {
	case report == nil:
		return err // the store failed reading the team's templates
	case ctx.Err() != nil:
		return context.Canceled
	case err != nil:
		report(0)
		return abandon("extraction", err)
	}
	c, err := p.completion(task, res, false)
	if err != nil {
		return err
	}
	replaced, err := p.Store.CompleteReprocess(ctx, job.ID, c)
	if err != nil {
		return ignoreGone(err)
	}
	var charged int64
	if replaced {
		for _, d := range c.Documents {
			charged += d.CreditsUsed
		}
	}
	report(charged)
	p.Logger.Info("task reprocessed", "task_id", task.ID, "documents", len(c.Documents), "replaced", replaced)
	return nil
}

// disagreement reports whether the classifier clearly disagrees with the
// requested type for a document of res (it found another type, or none of
// the three, with confidence; see extract.Document.Mismatch), and the
// first type it found instead. A task whose type a person approved never
// disagrees.
func disagreement(task *store.Task, res *extract.Result) (docextract.DocType, bool) {
	if task.ReviewApproved {
		return "", false
	}
	for _, d := range res.Documents {
		if d.Mismatch || d.DocType != task.DocType {
			return d.DocType, true
		}
	}
	return "", false
}

func storeDocument(task *store.Task, d extract.Document) (*store.Document, error) {
	data, err := json.Marshal(d.Data)
	if err != nil {
		return nil, fmt.Errorf("marshal extraction data: %w", err)
	}
	validation, err := json.Marshal(d.Validation)
	if err != nil {
		return nil, fmt.Errorf("marshal validation: %w", err)
	}
	var fieldConf json.RawMessage
	if len(d.FieldConfidence) > 0 {
		if fieldConf, err = json.Marshal(d.FieldConfidence); err != nil {
			return nil, fmt.Errorf("marshal field confidence: %w", err)
		}
	}
	pages := d.PageEnd - d.PageStart + 1
	if d.PageStart <= 0 || pages <= 0 {
		pages = 1
	}
	return &store.Document{FieldConfidence: fieldConf, TaskID: task.ID, TeamID: task.TeamID, DocType: d.DocType, PageStart: d.PageStart, PageEnd: d.PageEnd,
		TemplateID: d.TemplateID, Source: d.Source, Data: data, Validation: validation, Passed: d.Validation.Passed,
		Confidence: d.Confidence, CreditsUsed: credits.ForPages(pages)}, nil
}

func (p *Pool) fail(ctx context.Context, taskID, code, detail string) error {
	ev, err := p.Store.FailTask(ctx, taskID, code, detail)
	if err != nil {
		return ignoreGone(err)
	}
	p.emit(ev)
	return nil
}

func (p *Pool) emit(ev *store.TaskEvent) {
	if ev == nil {
		return
	}
	p.Logger.Info("task finished", "task_id", ev.TaskID, "event", ev.Type, "outcome", ev.Outcome, "error_code", ev.ErrorCode)
	if p.OnTaskEvent != nil {
		p.OnTaskEvent(ev)
	}
}

// ignoreGone treats a task deleted or finished meanwhile as done.
func ignoreGone(err error) error {
	switch docextract.ErrorCode(err) {
	case docextract.ENOTFOUND, docextract.ECONFLICT:
		return nil
	}
	return err
}

// Extraction describes one extraction run to OnExtracted.
type Extraction struct {
	DocType docextract.DocType // the type asked for
	// Path is how the file was read: the source of its first document
	// (xml, text, ocr, template), "none" when nothing was found, "error"
	// when extraction failed, "password" when the PDF needs a password.
	Path     string
	Pages    int
	Duration time.Duration
	// Credits is what the task was charged (captured), 0 unless it
	// completed with documents.
	Credits int64
}

func extracted(task *store.Task, res *extract.Result, err error, d time.Duration) Extraction {
	e := Extraction{DocType: task.DocType, Path: "none", Pages: task.PageCount, Duration: d}
	switch {
	case errors.Is(err, extract.ErrPasswordRequired):
		e.Path = "password"
	case err != nil:
		e.Path = "error"
	default:
		e.Pages = res.PageCount
		for _, doc := range res.Documents {
			if doc.Source != "" {
				e.Path = doc.Source
				break
			}
		}
	}
	return e
}
