-- Files every copy of the shop reads (docs/decisions/052), when STORAGE=postgres (the default
-- with DATABASE_URL): media originals (media/originals/<key>.svg), generated PDFs
-- (media/files/<key>.pdf) and the photos of return and incident requests
-- (requests/<order>/<file>). bytea, not large objects: the files are small, a row is written in
-- the same transaction as the rows that name it, and deleting it needs no lo_unlink. The "C"
-- collation lets list-by-prefix (key LIKE 'media/%') use the primary key's index.
CREATE TABLE IF NOT EXISTS "stored_files" (
  "key" text COLLATE "C" PRIMARY KEY,
  "content_type" text NOT NULL,
  "size" integer NOT NULL,
  "sha256" text NOT NULL,
  "body" bytea NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stored_files_size" CHECK ("size" = octet_length("body")),
  CONSTRAINT "stored_files_sha256" CHECK ("sha256" ~ '^[0-9a-f]{64}$')
);
