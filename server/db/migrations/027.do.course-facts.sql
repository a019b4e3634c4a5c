-- A course's facts for those deciding whether to take it: the level it is for (null until its instructor sets it)
-- and 'What you'll learn', up to 8 short points in order. Both are columns of courses, so the kept course list's
-- version trigger (migration 010) covers their changes.
ALTER TABLE courses
  ADD COLUMN level text CHECK (level IN ('Beginner', 'Intermediate', 'Advanced')),
  ADD COLUMN learning_points text[] NOT NULL DEFAULT '{}' CHECK (cardinality(learning_points) <= 8);
