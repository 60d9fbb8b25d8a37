-- The template library ("identifiers", as the product's newest client names them): named DOCX
-- templates that several tasks share, or the name of a built-in generator. A task points at
-- one (tasks.identifier_id); its task_templates row stays what a purchase reads (a copy of the
-- library entry's blob reference and tags, kept in step by modules/generators/identifiers.ts),
-- so the purchase's one read and the template cache are unchanged.
CREATE TABLE identifiers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- DOCX: a template file for the docx-template generator; GENERATOR: a built-in generator's name
  kind text NOT NULL CHECK (kind IN ('DOCX', 'GENERATOR')),
  generator text NOT NULL,
  blob_id uuid,
  file_name text,
  tags jsonb NOT NULL DEFAULT '[]',
  created_by bigint REFERENCES users (telegram_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((kind = 'DOCX') = (blob_id IS NOT NULL AND file_name IS NOT NULL))
);
CREATE INDEX identifiers_list ON identifiers (created_at DESC, id DESC) WHERE deleted_at IS NULL;

ALTER TABLE tasks ADD COLUMN identifier_id bigint REFERENCES identifiers (id);
ALTER TABLE task_templates ADD COLUMN identifier_id bigint REFERENCES identifiers (id);
CREATE INDEX task_templates_identifier ON task_templates (identifier_id) WHERE identifier_id IS NOT NULL;
CREATE INDEX tasks_identifier ON tasks (identifier_id) WHERE identifier_id IS NOT NULL;

-- Every task's own template becomes a library entry of its own, pointing at the same file:
-- the task's template, its tags and every order already bought stay exactly as they were.
DO $$
DECLARE
  r record;
  made bigint;
BEGIN
  FOR r IN SELECT tt.task_id, tt.blob_id, tt.file_name, tt.tags, tt.uploaded_by, tt.uploaded_at, t.title
           FROM task_templates tt JOIN tasks t ON t.id = tt.task_id ORDER BY tt.task_id LOOP
    INSERT INTO identifiers (name, description, kind, generator, blob_id, file_name, tags, created_by, created_at, updated_at)
    VALUES (regexp_replace(r.file_name, '\.docx$', '', 'i'), 'Шаблон завдання «' || r.title || '»', 'DOCX', 'docx-template',
            r.blob_id, r.file_name, r.tags, r.uploaded_by, r.uploaded_at, r.uploaded_at)
    RETURNING id INTO made;
    UPDATE task_templates SET identifier_id = made WHERE task_id = r.task_id;
    UPDATE tasks SET identifier_id = made WHERE id = r.task_id;
  END LOOP;
END $$;

-- The task lists show the library entry a task points at.
CREATE TRIGGER identifiers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON identifiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
