-- Money paid INTO a user wallet no longer updates (and so no longer locks) the wallet's row.
-- Every auto-generated sale credits its developer's dev wallet; with the credit an UPDATE of
-- that one row, held locked until commit, all sales of a developer queued behind each other
-- (docs/PERFORMANCE.md, "Purchases": most of the time of an auto purchase was spent waiting
-- for that lock). A credit now adds to one of the wallet's stripes, chosen by the server
-- process, so concurrent credits from different connections touch different rows.
--
-- A user wallet's balance is `accounts.balance` plus the sum of its stripes. A debit (the only
-- operation that needs the balance) locks the wallet's row as before, folds the stripes into
-- `balance` (DELETE ... RETURNING waits for a credit still in flight on a stripe and returns
-- its committed amount) and then debits conditionally, so `balance >= 0` keeps holding as a
-- CHECK. A credit committed after the fold lands in a new stripe row and counts from then on.
-- See docs/LEDGER.md, "Why credits go to stripes".
CREATE TABLE account_stripes (
  account_id bigint NOT NULL REFERENCES accounts (id),
  stripe smallint NOT NULL CHECK (stripe >= 0 AND stripe < 16),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (account_id, stripe)
);

CREATE OR REPLACE VIEW account_balances AS
SELECT a.id, a.code, a.owner_id, a.kind,
       CASE WHEN a.owner_id IS NOT NULL
            THEN a.balance + COALESCE((SELECT SUM(s.amount) FROM account_stripes s WHERE s.account_id = a.id), 0)
            ELSE COALESCE((SELECT SUM(t.amount) FROM transfers t WHERE t.credit_account_id = a.id), 0)
               - COALESCE((SELECT SUM(t.amount) FROM transfers t WHERE t.debit_account_id = a.id), 0)
       END::bigint AS balance
FROM accounts a;

-- The rules of 0022 with two changes: only the user accounts a batch DEBITS are locked (in id
-- order, FOR NO KEY UPDATE, which leaves the foreign-key checks of concurrent transfers free),
-- and a credit of a user account goes to a stripe instead of `balance`.
CREATE OR REPLACE FUNCTION ledger_post(legs jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_leg jsonb;
  v_debit bigint;
  v_credit bigint;
  v_amount bigint;
  v_posted bigint;
  v_old transfers%ROWTYPE;
  v_fresh int := 0;
  v_missing text;
BEGIN
  INSERT INTO accounts (code, owner_id, kind)
  SELECT c.code, split_part(c.code, ':', 2)::bigint, split_part(c.code, ':', 3)
  FROM (SELECT l->>'from' AS code FROM jsonb_array_elements(legs) l UNION SELECT l->>'to' FROM jsonb_array_elements(legs) l) c
  WHERE c.code LIKE 'user:%' AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.code = c.code)
  ON CONFLICT DO NOTHING;

  PERFORM 1 FROM accounts
  WHERE code IN (SELECT l->>'from' FROM jsonb_array_elements(legs) l)
    AND owner_id IS NOT NULL
  ORDER BY id FOR NO KEY UPDATE;

  FOR v_leg IN SELECT * FROM jsonb_array_elements(legs) LOOP
    SELECT id INTO v_debit FROM accounts WHERE code = v_leg->>'from';
    SELECT id INTO v_credit FROM accounts WHERE code = v_leg->>'to';
    IF v_debit IS NULL OR v_credit IS NULL THEN
      v_missing := CASE WHEN v_debit IS NULL THEN v_leg->>'from' ELSE v_leg->>'to' END;
      RAISE EXCEPTION 'no such account: %', v_missing;
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
    IF v_leg->>'from' LIKE 'user:%' THEN
      WITH folded AS (DELETE FROM account_stripes WHERE account_id = v_debit RETURNING amount)
      UPDATE accounts SET balance = balance + f.sum - v_amount
      FROM (SELECT COALESCE(SUM(amount), 0) AS sum FROM folded) f
      WHERE id = v_debit AND balance + f.sum >= v_amount;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'ZL001', MESSAGE = 'insufficient funds';
      END IF;
    END IF;
    IF v_leg->>'to' LIKE 'user:%' THEN
      INSERT INTO account_stripes (account_id, stripe, amount)
      VALUES (v_credit, pg_backend_pid() % 16, v_amount)
      ON CONFLICT (account_id, stripe) DO UPDATE SET amount = account_stripes.amount + EXCLUDED.amount;
    END IF;
  END LOOP;

  IF v_fresh <> 0 AND v_fresh <> jsonb_array_length(legs) THEN
    RAISE EXCEPTION USING ERRCODE = 'ZL003', MESSAGE = 'a transfer batch was partly posted before';
  END IF;
  RETURN v_fresh <> 0;
END
$$;
