-- The moves the student plays in a module's line (its main line, on the line's side), counted by the server's PGN
-- reader when the module is saved, so a practice is checked against it without reading the PGN again. Lines saved
-- before this column have none yet: the first practice of each counts and keeps it (server/services/learning/
-- lines.ts); a line removed from its module takes its count with it.
ALTER TABLE modules
  ADD COLUMN line_student_moves integer CHECK (line_student_moves >= 0),
  ADD CONSTRAINT modules_line_moves_with_line CHECK (line_pgn IS NOT NULL OR line_student_moves IS NULL);
