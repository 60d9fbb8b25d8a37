-- Reviews of orders (modules/reviews): the buyer of a DONE paid order rates it once, 1-5 stars
-- and an optional text; the order's developer may answer once; an admin may hide it with a
-- reason. One row per order (the UNIQUE is what lets exactly one of two racing reviews in).
CREATE TABLE reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id),
  -- copied from the order, so a task's list and an author's profile read reviews alone
  task_id bigint NOT NULL REFERENCES tasks (id),
  developer_id bigint NOT NULL REFERENCES users (telegram_id),
  buyer_id bigint NOT NULL REFERENCES users (telegram_id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text text NOT NULL DEFAULT '' CHECK (length(text) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  reply_text text CHECK (length(reply_text) BETWEEN 1 AND 1000),
  replied_at timestamptz,
  hidden_at timestamptz,
  hidden_by bigint REFERENCES users (telegram_id),
  hidden_reason text,
  CONSTRAINT reviews_reply_whole CHECK ((reply_text IS NULL) = (replied_at IS NULL)),
  CONSTRAINT reviews_hidden_whole CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL))
);
-- A task's visible reviews, newest first; with the stars in the index the task list's rating
-- is read from the index alone.
CREATE INDEX reviews_task_visible ON reviews (task_id, created_at DESC, id DESC) INCLUDE (rating) WHERE hidden_at IS NULL;
-- Admins page through a task's reviews hidden ones included.
CREATE INDEX reviews_task ON reviews (task_id, created_at DESC, id DESC);
CREATE INDEX reviews_developer_visible ON reviews (developer_id, created_at DESC, id DESC) INCLUDE (rating) WHERE hidden_at IS NULL;

-- The task lists carry each task's rating, and every API instance keeps them in memory
-- (db/catalogue-cache.ts): a review that lands, changes its stars or is hidden announces it
-- as the catalogue's own tables do (0012_catalogue_changes.sql). A developer's reply changes
-- no rating and announces nothing.
CREATE TRIGGER reviews_changed AFTER INSERT OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER reviews_rating_changed AFTER UPDATE OF rating, hidden_at ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
