-- Every installation's FAQ answers how Telegram Stars, revisions and disputes work (issue 29): the
-- job `catalogue.faq-defaults` (modules/catalogue/jobs.ts) adds those questions the FAQ lacks,
-- once; admins edit or delete them like any other entry.
INSERT INTO jobs (name, key) VALUES ('catalogue.faq-defaults', 'after-0080') ON CONFLICT DO NOTHING;
