-- A module its instructor marks 'Free preview': while its course is published, everyone (visitors included) may watch
-- or play it, its video and line with it (server/services/catalogue/modules.ts, previewModule). The others stay locked.
ALTER TABLE modules ADD COLUMN free_preview boolean NOT NULL DEFAULT false;
