-- The ledger's functions as they run now: this file is applied after the numbered migrations
-- whenever its text changes (db/migrate.ts), so it is the live definition. Change a function
-- here, never in a new numbered migration.
--
-- The custom SQLSTATEs (their one table on the TypeScript side is SQL_STATES in db/errors.ts):
--   ZL001 insufficient funds: a debit found less than its amount;
--   ZL002 an idempotency key posted before with another movement (the message is the key);
--   ZL003 a batch partly posted before (a caller bug);
--   ZL004 a purchase's discount was used up by another buyer (orders/record.ts);
--   ZL005 a purchase's Idempotency-Key was taken by a request that committed first.

-- Posts a batch of transfers in one round trip (docs/LEDGER.md). The rules, which
-- modules/ledger/service.ts's `post` relies on:
--  * only the user accounts the batch DEBITS are locked, FOR NO KEY UPDATE, before anything
--    moves (so the foreign-key checks of concurrent transfers stay free): one such account
--    debited by the first leg (a purchase, a withdrawal) by that leg's lookup of its accounts;
--    several, all of them first in id order, so two batches never deadlock;
--  * user accounts are opened when missing;
--  * a debit of a user account is a conditional UPDATE (balance >= amount) of its row; when the
--    row alone is short, the wallet's stripes are folded into it and the condition is tried
--    again: no match, no money, ZL001 and nothing of the statement remains;
--  * a credit of a user account goes to one of its 16 stripes (account_stripes), chosen by the
--    server process, so concurrent credits do not queue on the wallet's row;
--  * system accounts are neither locked nor updated (their balance is the sum of their transfers);
--  * a leg's key is UNIQUE: a key posted before moves nothing and must describe the same
--    movement, else ZL002; a batch is all new or all posted before, else ZL003.
-- Returns true when the legs were posted now, false when all had been posted before.
-- legs: [{"key", "from", "to", "amount", "kind", "reference"}], from/to being account codes.
-- Each statement here costs an executor start-up per purchase, hence the fewest per leg
-- (docs/PERFORMANCE.md, "Purchases"): one lookup of both accounts, the insert, the debit.
CREATE OR REPLACE FUNCTION ledger_post(legs jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_n int := jsonb_array_length(legs);
  v_leg jsonb;
  v_from text;
  v_to text;
  v_debit bigint;
  v_credit bigint;
  v_amount bigint;
  v_posted bigint;
  v_old transfers%ROWTYPE;
  v_fresh int := 0;
  v_locked text;
  v_lock_each boolean := false;
BEGIN
  -- Which user accounts the batch debits: one, by the first leg, is locked by that leg's lookup;
  -- otherwise all are locked here, in id order.
  FOR i IN 0 .. v_n - 1 LOOP
    v_from := legs->i->>'from';
    IF v_from LIKE 'user:%' THEN
      IF v_locked IS NULL AND i = 0 THEN
        v_locked := v_from;
        v_lock_each := true;
      ELSIF v_from IS DISTINCT FROM v_locked THEN
        v_lock_each := false;
        PERFORM 1 FROM accounts
        WHERE code IN (SELECT l->>'from' FROM jsonb_array_elements(legs) l) AND owner_id IS NOT NULL
        ORDER BY id FOR NO KEY UPDATE;
        EXIT;
      END IF;
    END IF;
  END LOOP;

  FOR i IN 0 .. v_n - 1 LOOP
    v_leg := legs->i;
    v_from := v_leg->>'from';
    v_to := v_leg->>'to';
    FOR attempt IN 1 .. 2 LOOP
      IF v_lock_each AND i = 0 THEN
        SELECT d.id, c.id INTO v_debit, v_credit FROM accounts d, accounts c
        WHERE d.code = v_from AND c.code = v_to FOR NO KEY UPDATE OF d;
      ELSE
        SELECT d.id, c.id INTO v_debit, v_credit FROM accounts d, accounts c WHERE d.code = v_from AND c.code = v_to;
      END IF;
      EXIT WHEN FOUND OR attempt = 2;
      -- A user's wallet nobody has paid into yet does not exist: it is opened now.
      INSERT INTO accounts (code, owner_id, kind)
      SELECT c.code, split_part(c.code, ':', 2)::bigint, split_part(c.code, ':', 3)
      FROM (VALUES (v_from), (v_to)) c(code)
      WHERE c.code LIKE 'user:%'
      ON CONFLICT DO NOTHING;
    END LOOP;
    IF v_debit IS NULL THEN
      RAISE EXCEPTION 'no such account: %', CASE WHEN NOT EXISTS (SELECT 1 FROM accounts WHERE code = v_from) THEN v_from ELSE v_to END;
    END IF;
    v_amount := (v_leg->>'amount')::bigint;
    v_posted := NULL;
    INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference)
    VALUES (v_leg->>'key', v_debit, v_credit, v_amount, v_leg->>'kind', COALESCE(v_leg->>'reference', ''))
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO v_posted;
    IF v_posted IS NULL THEN
      SELECT * INTO v_old FROM transfers WHERE idempotency_key = v_leg->>'key';
      IF v_old.debit_account_id <> v_debit OR v_old.credit_account_id <> v_credit OR v_old.amount <> v_amount OR v_old.kind <> v_leg->>'kind' THEN
        RAISE EXCEPTION USING ERRCODE = 'ZL002', MESSAGE = v_leg->>'key';
      END IF;
      CONTINUE;
    END IF;
    v_fresh := v_fresh + 1;
    IF v_from LIKE 'user:%' THEN
      -- The row alone usually holds enough; only when it does not are the stripes folded into it.
      UPDATE accounts SET balance = balance - v_amount WHERE id = v_debit AND balance >= v_amount;
      IF NOT FOUND THEN
        WITH folded AS (DELETE FROM account_stripes WHERE account_id = v_debit RETURNING amount)
        UPDATE accounts SET balance = balance + f.sum - v_amount
        FROM (SELECT COALESCE(SUM(amount), 0) AS sum FROM folded) f
        WHERE id = v_debit AND balance + f.sum >= v_amount;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = 'ZL001', MESSAGE = 'insufficient funds';
        END IF;
      END IF;
    END IF;
    IF v_to LIKE 'user:%' THEN
      INSERT INTO account_stripes (account_id, stripe, amount)
      VALUES (v_credit, pg_backend_pid() % 16, v_amount)
      ON CONFLICT (account_id, stripe) DO UPDATE SET amount = account_stripes.amount + EXCLUDED.amount;
    END IF;
  END LOOP;

  IF v_fresh <> 0 AND v_fresh <> v_n THEN
    RAISE EXCEPTION USING ERRCODE = 'ZL003', MESSAGE = 'a transfer batch was partly posted before';
  END IF;
  RETURN v_fresh <> 0;
END
$$;

-- `ledger_post` for a caller inside a longer transaction (the ledger's `post` in TypeScript):
-- a refusal leaves nothing of the batch, answered instead of raised so the transaction goes on
-- (the block below is a savepoint on the server, not a round trip): 'posted', 'repeated',
-- 'insufficient' or 'conflict:<key>'.
CREATE OR REPLACE FUNCTION ledger_try_post(legs jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN CASE WHEN ledger_post(legs) THEN 'posted' ELSE 'repeated' END;
EXCEPTION
  WHEN SQLSTATE 'ZL001' THEN RETURN 'insufficient';
  WHEN SQLSTATE 'ZL002' THEN RETURN 'conflict:' || SQLERRM;
END
$$;

-- Aborts the statement that calls it unless `ok`: a statement that writes several tables at
-- once (a purchase) uses it to be all or nothing, e.g. when its anchoring row was not written.
CREATE OR REPLACE FUNCTION zalik_require(ok boolean, state text, message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = state, MESSAGE = message;
  END IF;
  RETURN true;
END
$$;

-- The users among `users` who owe a referral bonus taken back (referral_clawbacks, taken < amount),
-- for `post` after a batch credited their general wallets (modules/ledger/debts.ts). It first
-- takes each user's `referral_debt_lock` (below) shared, held until commit, and only then reads,
-- in a statement of its own (a snapshot taken after the wait): credits to one wallet never wait
-- for each other, but one that meets a clawback being recorded waits until it commits and then
-- sees (and pays) its debt.
CREATE OR REPLACE FUNCTION referral_debtors(users bigint[]) RETURNS SETOF bigint LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referral_debt_lock(u, true) FROM unnest(users) u;
  RETURN QUERY SELECT c.inviter_id FROM referral_clawbacks c
    WHERE c.taken < c.amount AND c.inviter_id = ANY (users) ORDER BY c.inviter_id;
END
$$;

-- One user's lock between their credits and a clawback of their referral bonus being recorded
-- (docs/LEDGER.md, "Referral bonus"): shared for a credit, exclusive for the clawback, which
-- takes it before it reads the balance and so waits for the credits in flight to commit.
-- An advisory lock of class 7401 (telegram ids folded into the int key: a collision only waits).
CREATE OR REPLACE FUNCTION referral_debt_lock(u bigint, shared boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF shared THEN
    PERFORM pg_advisory_xact_lock_shared(7401, (u % 2147483647)::int);
  ELSE
    PERFORM pg_advisory_xact_lock(7401, (u % 2147483647)::int);
  END IF;
END
$$;
