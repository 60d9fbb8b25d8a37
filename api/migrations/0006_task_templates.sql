-- The DOCX template of an auto-generated task (docx-template generator). One per task; a new
-- upload replaces it. `tags` are the template's placeholders, found when it was compiled.
CREATE TABLE task_templates (
  task_id bigint PRIMARY KEY REFERENCES tasks (id),
  blob_id uuid NOT NULL,
  file_name text NOT NULL,
  tags jsonb NOT NULL DEFAULT '[]',
  uploaded_by bigint NOT NULL REFERENCES users (telegram_id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
