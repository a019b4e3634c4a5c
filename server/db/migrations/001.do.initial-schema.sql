-- The rules the data must never break live here, not only in the services.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_-]{3,30}$'),
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'student' CHECK (role IN ('student', 'instructor', 'admin')),
  bio text NOT NULL DEFAULT '' CHECK (length(bio) <= 2000),
  phone_number text NOT NULL DEFAULT '' CHECK (length(phone_number) <= 30),
  -- clock_timestamp, not now(): users created in one transaction still get distinct ranks
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE INDEX users_created_at_idx ON users (created_at, id);

CREATE TABLE courses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  instructor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX courses_instructor_idx ON courses (instructor_id);

CREATE TABLE videos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  stored_name text NOT NULL UNIQUE CHECK (stored_name ~ '^[0-9a-f-]{36}\.(mp4|webm|ogg)$'),
  original_name text NOT NULL,
  mime_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX videos_course_idx ON videos (course_id);

CREATE TABLE modules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  video_url text NOT NULL CHECK (length(video_url) BETWEEN 1 AND 2048),
  video_id uuid REFERENCES videos (id) ON DELETE SET NULL,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX modules_course_idx ON modules (course_id, position);

CREATE TABLE enrollments (
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  enrolled_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (course_id, student_id)
);
CREATE INDEX enrollments_student_idx ON enrollments (student_id);

CREATE TABLE follows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  player text NOT NULL CHECK (player ~ '^[A-Za-z0-9_-]{1,50}$'),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX follows_user_player_key ON follows (user_id, lower(player));
CREATE INDEX follows_player_idx ON follows (lower(player), created_at);

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  player text NOT NULL CHECK (player ~ '^[A-Za-z0-9_-]{1,50}$'),
  comment text NOT NULL CHECK (length(comment) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX comments_player_idx ON comments (lower(player), created_at);

CREATE TABLE cart_items (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, course_id)
);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  total numeric(12, 2) NOT NULL CHECK (total >= 0),
  payment_reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- An order keeps its lines (and what was paid) even when a course is deleted later.
CREATE TABLE order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  course_id uuid REFERENCES courses (id) ON DELETE SET NULL,
  course_title text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0)
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
