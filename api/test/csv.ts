import { expect } from 'vitest';

/** RFC 4180 with `;`: quoted fields may hold `;`, `"` (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let rowCells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rowCells.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ';') {
      endCell();
    } else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      out.push(rowCells);
      rowCells = [];
      i++;
    } else {
      cell += ch;
    }
  }
  expect(cell).toBe('');
  expect(rowCells).toEqual([]);
  return out;
}
