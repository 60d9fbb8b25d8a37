-- An inviter's friends are listed in batches ordered by (created_at, telegram_id): the index
-- serves each batch straight from where the last one ended, without sorting all the friends.
DROP INDEX IF EXISTS users_invited_by;
CREATE INDEX users_invited_by ON users (invited_by, created_at, telegram_id) WHERE invited_by IS NOT NULL;
