import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from '../src/modules/files/names.js';

describe('stored file names', () => {
  it('lose bidirectional controls, so a name shows as what the file is', () => {
    expect(safeFileName('a\u202Egnp.pdf')).toBe('agnp.pdf');
    expect(safeFileName('\u2067звіт\u2069\u200F.docx')).toBe('звіт.docx');
    expect(safeFileName('\uFEFF\u061Clab\u202A1\u202C.zip')).toBe('lab1.zip');
    expect(contentDisposition('x\u202Efdp.exe')).not.toMatch(/%E2%80%AE/);
  });

  it('keep Cyrillic, spaces and the extension, and drop separators and control characters', () => {
    expect(safeFileName('Лабораторна  №3\t(варіант 12-б).docx')).toBe('Лабораторна №3 (варіант 12-б).docx');
    expect(safeFileName('../../etc/passwd')).toBe('etc passwd');
    expect(safeFileName('\u202E')).toBe('file');
    expect(safeFileName(`${'я'.repeat(200)}.pdf`)).toMatch(/^я{116}\.pdf$/);
  });
});
