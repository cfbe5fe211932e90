package httpapi

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
)

// Inspector learns a file's page count cheaply, at upload. *extract.Extractor
// satisfies it.
type Inspector interface {
	Inspect(ctx context.Context, data []byte, password string) (extract.Info, error)
}

// Extractor extracts the documents of a file. *extract.Extractor satisfies it.
type Extractor interface {
	Extract(ctx context.Context, in extract.Input) (*extract.Result, error)
}

// notify wakes one idle worker.
func (s *Server) notify() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// RunWorkers runs Workers extraction workers until ctx ends, then lets
// in-flight jobs finish for up to ShutdownGrace; jobs still running then are
// cancelled and released for the next start. It returns when every worker
// has stopped.
func (s *Server) RunWorkers(ctx context.Context) error {
	s.init()
	// Jobs run on a context that outlives ctx by ShutdownGrace.
	jobCtx, cancelJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelJobs()
	go func() {
		<-ctx.Done()
		t := time.NewTimer(s.ShutdownGrace)
		defer t.Stop()
		select {
		case <-t.C:
			cancelJobs()
		case <-jobCtx.Done():
		}
	}()
	var wg sync.WaitGroup
	for i := range s.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.workerLoop(ctx, jobCtx, i)
		}()
	}
	wg.Wait()
	return nil
}

func (s *Server) workerLoop(ctx, jobCtx context.Context, n int) {
	log := s.Logger.With("worker", n)
	poll := time.NewTicker(s.PollInterval)
	defer poll.Stop()
	for ctx.Err() == nil {
		job, err := s.Store.LeaseJob(ctx, s.JobLease)
		if err != nil {
			if ctx.Err() == nil {
				log.Error("lease job", "err", err)
			}
		} else if job != nil {
			s.notify() // there may be more; let another worker look
			s.runJob(jobCtx, log, job)
			continue
		}
		select {
		case <-ctx.Done():
		case <-s.wake:
		case <-poll.C:
		}
	}
}

// runJob processes one leased job, renewing its lease while it runs.
func (s *Server) runJob(ctx context.Context, log *slog.Logger, job *store.Job) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lost := make(chan struct{})
	done := make(chan struct{})
	go func() { // heartbeat
		defer close(done)
		t := time.NewTicker(s.JobLease / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := s.Store.ExtendLease(ctx, job, s.JobLease); err != nil {
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
	start := s.Now()
	err := s.processSafely(ctx, log, job)
	cancel()
	<-done
	select {
	case <-lost:
		return // another worker owns it now, or the task is gone
	default:
	}
	if errors.Is(err, context.Canceled) {
		// Shutting down: hand the job back for the next start.
		if rerr := s.Store.ReleaseJob(context.Background(), job); rerr != nil {
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
	log.Info("job done", "task_id", job.TaskID, "attempt", job.Attempts, "elapsed", s.Now().Sub(start).Round(time.Millisecond))
}

// processSafely runs process and turns a panic (a bug, or a file that
// breaks a reader) into a failed task instead of a crashed server.
func (s *Server) processSafely(ctx context.Context, log *slog.Logger, job *store.Job) (err error) {
	defer func() {
		if v := recover(); v != nil {
			log.Error("task failed: panic in processing", "task_id", job.TaskID, "panic", v)
			err = s.fail(context.WithoutCancel(ctx), job.TaskID, docextract.FailProcessing)
		}
	}()
	return s.process(ctx, job)
}

// process extracts one task. It is idempotent: the results, credits and
// event of a task are committed in one transaction that refuses a finished
// task, so a job run again after a crash never charges or stores twice.
func (s *Server) process(ctx context.Context, job *store.Job) error {
	if job.Attempts > s.MaxAttempts {
		s.Logger.Warn("task failed: too many attempts", "task_id", job.TaskID, "attempts", job.Attempts)
		return s.fail(ctx, job.TaskID, docextract.FailProcessing)
	}
	task, err := s.Store.StartTask(ctx, job.TaskID)
	switch docextract.ErrorCode(err) {
	case "":
	case docextract.ENOTFOUND, docextract.ECONFLICT:
		return s.Store.DeleteJob(ctx, job) // deleted meanwhile, or finished already
	default:
		return err
	}
	data, err := s.Store.ReadFile(ctx, task.ID)
	switch {
	case docextract.ErrorCode(err) == docextract.ENOTFOUND:
		if _, serr := s.Store.FindTask(ctx, task.ID); docextract.ErrorCode(serr) == docextract.ENOTFOUND {
			return nil // deleted since it started
		}
		s.Logger.Error("task failed: no stored file", "task_id", task.ID)
		return s.fail(ctx, task.ID, docextract.FailProcessing)
	case err != nil:
		return err // the store failed: retried when the lease expires
	}
	res, err := s.Extractor.Extract(ctx, extract.Input{Data: data, FileName: task.FileName, DocType: task.DocType, Password: job.Password})
	data = nil
	switch {
	case ctx.Err() != nil:
		return context.Canceled
	case errors.Is(err, extract.ErrPasswordRequired):
		return ignoreGone(s.Store.WaitTask(ctx, task.ID, docextract.TaskPasswordRequired))
	case err != nil:
		s.Logger.Warn("task failed: extraction", "task_id", task.ID, "err", err)
		return s.fail(ctx, task.ID, docextract.FailProcessing)
	}

	c := &store.Completion{TaskID: task.ID, ContentType: res.ContentType, PageCount: res.PageCount}
	for _, d := range res.Documents {
		if d.DocType != task.DocType || d.Mismatch {
			continue // not of the requested type: no result, no charge
		}
		doc, err := storeDocument(task, d)
		if err != nil {
			return err
		}
		if len(c.Documents) == 0 {
			doc.ID = task.ID // the first document keeps the upload's id
		} else {
			doc.ID = s.NewID()
		}
		c.Documents = append(c.Documents, doc)
	}
	ev, err := s.Store.CompleteTask(ctx, c)
	if err != nil {
		return ignoreGone(err)
	}
	s.emit(ev)
	return nil
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
	pages := d.PageEnd - d.PageStart + 1
	if d.PageStart <= 0 || pages <= 0 {
		pages = 1
	}
	return &store.Document{TaskID: task.ID, TeamID: task.TeamID, DocType: d.DocType, PageStart: d.PageStart, PageEnd: d.PageEnd,
		TemplateID: d.TemplateID, Source: d.Source, Data: data, Validation: validation, Passed: d.Validation.Passed,
		Confidence: d.Confidence, CreditsUsed: credits.ForPages(pages)}, nil
}

func (s *Server) fail(ctx context.Context, taskID, code string) error {
	ev, err := s.Store.FailTask(ctx, taskID, code)
	if err != nil {
		return ignoreGone(err)
	}
	s.emit(ev)
	return nil
}

func (s *Server) emit(ev *store.TaskEvent) {
	if ev == nil {
		return
	}
	s.Logger.Info("task finished", "task_id", ev.TaskID, "event", ev.Type, "outcome", ev.Outcome, "error_code", ev.ErrorCode)
	if s.OnTaskEvent != nil {
		s.OnTaskEvent(ev)
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
