/**
 * Auto-generated tasks: `task.identifier` names a Generator that turns the student's
 * arguments into the answer file. Generation happens before any money moves; a failure
 * costs the student nothing.
 */
export interface GeneratedFile {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

/** A task's uploaded template (its `task_templates` row): the blob holding it and the tags found at upload. */
export interface TaskTemplateRef {
  blobId: string;
  tags: string[];
}

export interface GenerationInput {
  taskId: number;
  taskTitle: string;
  type: 'REGULAR' | 'TEST';
  /** Argument names of the task, in order. */
  argumentNames: string[];
  /** The student's values, trailing whitespace removed; for TEST tasks, the list of answers. */
  values: string[];
  /**
   * The task's template when the caller read it already, with the task (a purchase does, in
   * its one read); null: the task has none. Left out, a generator that needs it reads it.
   */
  template?: TaskTemplateRef | null;
}

export interface Generator {
  readonly identifier: string;
  generate(input: GenerationInput): Promise<GeneratedFile>;
}

/** Thrown by a generator with a message the student may read (Ukrainian). */
export class GenerationError extends Error {}

export class GeneratorRegistry {
  private readonly byId = new Map<string, Generator>();

  register(generator: Generator): this {
    this.byId.set(generator.identifier, generator);
    return this;
  }

  find(identifier: string): Generator | undefined {
    return this.byId.get(identifier.trim());
  }

  identifiers(): string[] {
    return [...this.byId.keys()];
  }
}
