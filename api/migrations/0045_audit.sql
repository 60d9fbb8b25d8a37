-- Every admin action, recorded in the action's own transaction (modules/audit): who, what, on
-- what, the values before and after, the request and the address it came from. Append-only,
-- as the ledger's transfers: a trigger refuses every change and delete.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  admin_id bigint NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  -- the user the action touched, when it touched one
  user_id bigint,
  before jsonb,
  after jsonb,
  request_id text,
  ip text
);
CREATE INDEX audit_log_time ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_admin ON audit_log (admin_id, at DESC, id DESC);
CREATE INDEX audit_log_user ON audit_log (user_id, at DESC, id DESC) WHERE user_id IS NOT NULL;

CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows cannot be changed or deleted';
END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
