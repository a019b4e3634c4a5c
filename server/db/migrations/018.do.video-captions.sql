-- An uploaded video's WebVTT captions: the stored file's name in the media storage (local folder or bucket), or
-- none. Replaced or removed with the captions, and removed with the video.
ALTER TABLE videos ADD COLUMN captions_name text;
