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
