-- Learning progress: where each learner is in each module's video, and which modules they completed.
-- One row per (user, module); it goes with its module, its course or its user. course_id is the module's,
-- kept here so a learner's progress over all their courses and a course's table are one indexed query each.
CREATE TABLE module_progress (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  position_seconds double precision NOT NULL DEFAULT 0 CHECK (position_seconds >= 0 AND position_seconds <= 86400),
  duration_seconds double precision CHECK (duration_seconds > 0 AND duration_seconds <= 86400),
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, module_id)
);
CREATE INDEX module_progress_course_idx ON module_progress (course_id, user_id);
