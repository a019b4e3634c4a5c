-- Drafts: a course created with 'Publish now' unchecked, or unpublished later, is seen only by its instructor, admins
-- and the students already enrolled in it; the course list, the catalogue and its search show published courses
-- only. Every existing course stays published, as it was before drafts existed.
ALTER TABLE courses ADD COLUMN published boolean NOT NULL DEFAULT true;

-- A module may be a line alone (a study, a set of exercises): its video becomes optional once it has a line.
ALTER TABLE modules ALTER COLUMN video_url DROP NOT NULL;
ALTER TABLE modules ADD CONSTRAINT modules_video_or_line CHECK (video_url IS NOT NULL OR line_pgn IS NOT NULL);
