-- An uploaded video's length and poster frame, taken by ffprobe and ffmpeg in the background (server/services/
-- mediaJobs.ts): null until its job has run (or where ffmpeg is not installed). The poster is a stored file like the
-- video (local folder or bucket).
ALTER TABLE videos ADD COLUMN duration_seconds double precision, ADD COLUMN poster_name text;

-- Durable jobs: one per uploaded video, queued in the transaction that records it, claimed by any instance with
-- FOR UPDATE SKIP LOCKED under a lease (a worker that died leaves its lease to run out), tried again with backoff.
CREATE TABLE media_jobs (
  id bigserial PRIMARY KEY,
  video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT clock_timestamp(),
  leased_until timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX media_jobs_due_idx ON media_jobs (run_after) WHERE done_at IS NULL AND failed_at IS NULL;
CREATE INDEX media_jobs_video_idx ON media_jobs (video_id);

-- The videos uploaded before: their jobs, so an installation that adds ffmpeg gets their posters and lengths too.
INSERT INTO media_jobs (video_id) SELECT id FROM videos;
