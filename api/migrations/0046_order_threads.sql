-- The thread of an order (modules/threads): its buyer, the task's developer and admins write
-- in it; changes of the order add system lines. Lines, their files and hides are append-only,
-- as the ledger's transfers: a trigger refuses every change and delete. Each new line, hide
-- and read mark is announced on the `order_threads` channel, which every instance's live
-- streams listen to.
CREATE TABLE order_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  kind text NOT NULL DEFAULT 'MESSAGE'
    CHECK (kind IN ('MESSAGE', 'DELIVERY', 'REVISION', 'DISPUTE', 'ACCEPT', 'RESOLVE_RELEASE', 'RESOLVE_REFUND', 'CANCEL')),
  -- null: the system (a timer)
  author_id bigint REFERENCES users (telegram_id),
  -- fixed when written: an admin who is not a party writes as SUPPORT
  author_role text NOT NULL CHECK (author_role IN ('STUDENT', 'DEVELOPER', 'SUPPORT', 'SYSTEM')),
  text text NOT NULL DEFAULT '',
  -- contacts in it were masked when it was sent
  masked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Pages (newest first, keyset on id) and unread counts.
CREATE INDEX order_messages_order ON order_messages (order_id, id);
-- The per-order rate limit: one author's recent messages.
CREATE INDEX order_messages_author ON order_messages (order_id, author_id, created_at) WHERE kind = 'MESSAGE';

-- A message's files. Ids come from the order files' sequence, so one download route
-- (`/api/v1/files/{id}`, files/download.ts) serves both without ambiguity.
CREATE TABLE order_message_files (
  id bigint PRIMARY KEY DEFAULT nextval('order_files_id_seq'),
  message_id bigint NOT NULL REFERENCES order_messages (id),
  blob_id uuid NOT NULL,
  file_name text NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL,
  position integer NOT NULL
);
CREATE INDEX order_message_files_message ON order_message_files (message_id, position);

-- An admin hid a message, once, with a reason.
CREATE TABLE order_message_hides (
  message_id bigint PRIMARY KEY REFERENCES order_messages (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  admin_id bigint NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Per order and user: read up to which line, and the last bot notice (at most one per 5 minutes).
CREATE TABLE order_thread_reads (
  order_id bigint NOT NULL REFERENCES orders (id),
  user_id bigint NOT NULL,
  last_read_id bigint NOT NULL DEFAULT 0,
  notified_at timestamptz,
  notified_upto bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (order_id, user_id)
);

-- Who has a thread open now (a live stream, renewed while it lasts): they get no bot notice.
CREATE TABLE order_thread_viewers (
  stream_id uuid PRIMARY KEY,
  order_id bigint NOT NULL,
  user_id bigint NOT NULL,
  until timestamptz NOT NULL
);
CREATE INDEX order_thread_viewers_order ON order_thread_viewers (order_id, user_id, until);

CREATE FUNCTION order_threads_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows cannot be changed or deleted', TG_TABLE_NAME;
END $$;
CREATE TRIGGER order_messages_no_change BEFORE UPDATE OR DELETE ON order_messages FOR EACH ROW EXECUTE FUNCTION order_threads_immutable();
CREATE TRIGGER order_messages_no_truncate BEFORE TRUNCATE ON order_messages FOR EACH STATEMENT EXECUTE FUNCTION order_threads_immutable();
CREATE TRIGGER order_message_files_no_change BEFORE UPDATE OR DELETE ON order_message_files FOR EACH ROW EXECUTE FUNCTION order_threads_immutable();
CREATE TRIGGER order_message_files_no_truncate BEFORE TRUNCATE ON order_message_files FOR EACH STATEMENT EXECUTE FUNCTION order_threads_immutable();
CREATE TRIGGER order_message_hides_no_change BEFORE UPDATE OR DELETE ON order_message_hides FOR EACH ROW EXECUTE FUNCTION order_threads_immutable();
CREATE TRIGGER order_message_hides_no_truncate BEFORE TRUNCATE ON order_message_hides FOR EACH STATEMENT EXECUTE FUNCTION order_threads_immutable();

-- {"o": order, "m": new line} | {"o": order, "h": hidden line} | {"o": order, "r": reader, "u": read up to}
CREATE FUNCTION order_threads_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'order_messages' THEN
    PERFORM pg_notify('order_threads', json_build_object('o', NEW.order_id, 'm', NEW.id)::text);
  ELSIF TG_TABLE_NAME = 'order_message_hides' THEN
    PERFORM pg_notify('order_threads', json_build_object('o', NEW.order_id, 'h', NEW.message_id)::text);
  ELSIF TG_OP = 'INSERT' OR NEW.last_read_id <> OLD.last_read_id THEN
    PERFORM pg_notify('order_threads', json_build_object('o', NEW.order_id, 'r', NEW.user_id, 'u', NEW.last_read_id)::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_messages_notify AFTER INSERT ON order_messages FOR EACH ROW EXECUTE FUNCTION order_threads_notify();
CREATE TRIGGER order_message_hides_notify AFTER INSERT ON order_message_hides FOR EACH ROW EXECUTE FUNCTION order_threads_notify();
CREATE TRIGGER order_thread_reads_notify AFTER INSERT OR UPDATE ON order_thread_reads FOR EACH ROW EXECUTE FUNCTION order_threads_notify();
