-- Every API instance keeps the rows of signed-in users it has just read (who they are, their
-- roles, whether they are banned: modules/users/auth-cache.ts), because every request needs
-- them and reading them was a third of a purchase's statements. These triggers announce a
-- change of exactly that, per user, on the catalogue's change feed (`user:<telegram_id>`), so
-- that no write path can forget to: the admin API, a hand-written UPDATE or a restore.
-- Sign-ins rewrite the profile every time; only a changed username or ban is announced.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('catalogue_changed', 'user:*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalogue_changed', 'user:' || OLD.telegram_id);
  ELSE
    PERFORM pg_notify('catalogue_changed', 'user:' || NEW.telegram_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_auth_changed AFTER UPDATE OF username, is_banned ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.is_banned IS DISTINCT FROM NEW.is_banned)
  EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER user_roles_truncated AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_user_changed();
