-- Classification review: a team's setting ('auto' or 'review'), and on a
-- task the type the classifier detected when it parked the task in
-- needs_review, and whether a person approved the type to use (an approved
-- task is read as that type, also when reprocessed).
ALTER TABLE teams ADD COLUMN classification TEXT NOT NULL DEFAULT 'auto';
ALTER TABLE tasks ADD COLUMN detected_type TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN review_approved BOOLEAN NOT NULL DEFAULT false;
