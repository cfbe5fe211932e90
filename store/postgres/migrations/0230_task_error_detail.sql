-- Why a failed task failed, for its owner, when the reason is the file
-- itself (e.g. "PDF engine memory limit of 256 MiB per document reached");
-- '' when the failure code says it all.
ALTER TABLE tasks ADD COLUMN error_detail TEXT NOT NULL DEFAULT '';
