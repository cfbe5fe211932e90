-- The password a client supplied for an encrypted PDF rides on the job that
-- retries the task, and goes with it: a finished or waiting task has no job,
-- so no password is kept longer than the extraction that needs it.
ALTER TABLE jobs ADD COLUMN password TEXT NOT NULL DEFAULT '';
