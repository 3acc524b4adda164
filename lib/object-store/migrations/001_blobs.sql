-- The object store ("r2" in the spec's meta): report bodies and other archived documents, by key.
CREATE TABLE objects.blobs (
  key          text PRIMARY KEY,
  body         text NOT NULL,
  sha256       text NOT NULL,
  bytes        integer NOT NULL,
  content_type text NOT NULL DEFAULT 'text/markdown; charset=utf-8',
  created_at   bigint NOT NULL
);
