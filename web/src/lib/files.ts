/** '820 Б', '14 КБ', '4,8 МБ'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / (1024 * 1024)).toLocaleString('uk-UA', { maximumFractionDigits: 1 })} МБ`;
}

/** What a pick of files became under an area's limits, and what to tell the user if part was refused. */
export interface FilesPick {
  files: File[];
  problem?: string | null;
}

export interface FileLimits {
  maxFiles: number;
  maxBytes: number;
  /** What to say when a pick would exceed `maxFiles`, and when a file exceeds `maxBytes`. */
  tooMany: string;
  tooBig: string;
  /** What to say of a file the server would refuse by its name (absent: any name will do). */
  unsupported?: (file: File) => string | null;
}

const same = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds picked files to the chosen ones under an area's limits, checked before the server checks
 * them again: a file over `maxBytes` is left out, and a pick that would make more than
 * `maxFiles` files is refused as a whole.
 */
export function addLimitedFiles(current: File[], picked: File[], limits: FileLimits): FilesPick {
  const fresh = picked.filter((f) => !current.some((c) => same(c, f)));
  const refusal = (f: File) => limits.unsupported?.(f) ?? null;
  const typed = fresh.filter((f) => refusal(f) === null);
  const fitting = typed.filter((f) => f.size <= limits.maxBytes);
  if (current.length + fitting.length > limits.maxFiles) return { files: current, problem: limits.tooMany };
  const refused = fresh.find((f) => refusal(f) !== null);
  return { files: [...current, ...fitting], problem: fitting.length < typed.length ? limits.tooBig : refused ? refusal(refused) : undefined };
}

/** The same limits for what is about to be sent (a last check, whatever filled the list). */
export function limitedFilesProblem(files: File[], limits: FileLimits): string | undefined {
  if (files.length > limits.maxFiles) return limits.tooMany;
  if (files.some((f) => f.size > limits.maxBytes)) return limits.tooBig;
  for (const f of files) {
    const refused = limits.unsupported?.(f);
    if (refused) return refused;
  }
  return undefined;
}
