-- Withdraw requests made before the payout desk (0030) have no deadline, so they would never
-- fail by themselves: the job gives each one (WITHDRAW_TIMEOUT_HOURS after it was made, and at
-- least three hours from the job's run, so admins are warned first) with its timeout.
INSERT INTO jobs (name, key) VALUES ('wallets.legacy-deadlines', 'after-payout-desk') ON CONFLICT DO NOTHING;
