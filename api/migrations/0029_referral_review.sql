-- Referral bonuses paid before refunds took them back (0027) are reviewed once by the rule
-- that holds now: the job `invites.review-bonuses` (modules/invites/clawback.ts) takes back,
-- as far as each inviter's balance allows, the bonuses whose friends' spending was refunded.
INSERT INTO jobs (name, key) VALUES ('invites.review-bonuses', 'after-0027') ON CONFLICT DO NOTHING;
