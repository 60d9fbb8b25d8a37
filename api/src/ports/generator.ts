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

export interface GenerationInput {
  taskId: number;
  taskTitle: string;
  type: 'REGULAR' | 'TEST';
  /** Argument names of the task, in order. */
  argumentNames: string[];
  /** The student's values, trailing whitespace removed; for TEST tasks, the list of answers. */
  values: string[];
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
