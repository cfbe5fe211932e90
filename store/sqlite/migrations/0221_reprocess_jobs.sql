-- Reprocessing a finished task queues a job of kind 'reprocess' (its id is
-- also the id of its credit hold); a task has at most one at a time.
CREATE UNIQUE INDEX jobs_one_reprocess ON jobs (task_id) WHERE kind = 'reprocess';
