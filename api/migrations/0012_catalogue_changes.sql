-- Every API instance keeps the catalogue's hot reads (subjects of a course, teachers of a
-- subject, tasks and discounts of a teacher, news) in memory and drops them when this channel
-- names a table they were read from (modules/catalogue/cache.ts). Triggers, not application
-- code, announce the changes, so no write path can forget to: admin edits, a purchase taking
-- a discount's use, a restore or a hand-written UPDATE all notify. NOTIFY is transactional:
-- listeners hear of a change only once it has committed, and never of a rolled-back one.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER subjects_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER teachers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teachers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER tasks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER arguments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON arguments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER task_arguments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_arguments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER task_templates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_templates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER discounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER news_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

-- A task card shows its developer's username. Users are written at every sign-in, so only a
-- changed username is announced, not every upsert.
CREATE FUNCTION notify_username_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', 'users');
  RETURN NULL;
END $$;
CREATE TRIGGER users_username_changed AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION notify_username_changed();
