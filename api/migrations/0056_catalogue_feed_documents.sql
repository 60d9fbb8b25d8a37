-- A task card of the product's newest client shows the task's explanation document and the
-- developer's avatar, so the cached task lists are read from explanation_documents and from
-- users' photos too: both announce their changes on the catalogue's change feed, as the
-- catalogue's own tables do (0012_catalogue_changes.sql).
CREATE TRIGGER explanation_documents_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON explanation_documents
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

-- Sign-ins rewrite the profile every time: only a changed username or photo is announced.
DROP TRIGGER users_username_changed ON users;
CREATE TRIGGER users_username_changed AFTER UPDATE OF username, photo ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.photo IS DISTINCT FROM NEW.photo)
  EXECUTE FUNCTION notify_username_changed();

-- The newest document of a task is read with the task.
CREATE INDEX explanation_documents_task ON explanation_documents (task_id, created_at DESC, id DESC) WHERE task_id IS NOT NULL;
