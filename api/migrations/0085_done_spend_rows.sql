-- users.done_spend kept by row triggers that fire only for the rows that change it, instead of
-- statement triggers with transition tables (0063). Those ran for every statement that wrote
-- orders and made PostgreSQL copy each written row aside for them: a manual purchase (never
-- DONE when written) paid about a tenth of its database time for an UPDATE of nobody
-- (docs/PERFORMANCE.md, "Purchases"). A row trigger's WHEN is checked on the row itself and queues
-- nothing when false. Bulk writers that set many orders DONE at once (the large benchmark
-- seed) count done_spend themselves with the trigger off.
DROP TRIGGER orders_done_spend_inserted ON orders;
DROP TRIGGER orders_done_spend_updated ON orders;
DROP TRIGGER orders_done_spend_deleted ON orders;
DROP FUNCTION count_done_spend();

CREATE FUNCTION count_done_spend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old bigint := CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'DONE' THEN OLD.price ELSE 0 END;
  v_new bigint := CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'DONE' THEN NEW.price ELSE 0 END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.buyer_id <> NEW.buyer_id THEN
    UPDATE users SET done_spend = done_spend - v_old WHERE telegram_id = OLD.buyer_id;
    UPDATE users SET done_spend = done_spend + v_new WHERE telegram_id = NEW.buyer_id;
  ELSE
    UPDATE users SET done_spend = done_spend + v_new - v_old
      WHERE telegram_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.buyer_id ELSE NEW.buyer_id END;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_done_spend_inserted AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status = 'DONE' AND NEW.price <> 0) EXECUTE FUNCTION count_done_spend();
CREATE TRIGGER orders_done_spend_updated AFTER UPDATE OF status, price, buyer_id ON orders
  FOR EACH ROW WHEN ((OLD.status = 'DONE' OR NEW.status = 'DONE')
                     AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.price <> NEW.price OR OLD.buyer_id <> NEW.buyer_id))
  EXECUTE FUNCTION count_done_spend();
CREATE TRIGGER orders_done_spend_deleted AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.status = 'DONE' AND OLD.price <> 0) EXECUTE FUNCTION count_done_spend();
