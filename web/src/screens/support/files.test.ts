import { describe, expect, it } from 'vitest';
import { MSG, SUPPORT_MAX_FILE_BYTES } from '@zalik/contract';
import { formatSize } from '../../lib/files';
import { addSupportFiles, supportFilesProblem } from './files';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { lastModified: 1 });

describe('support file limits', () => {
  it('takes three files and refuses a fourth', () => {
    const three = addSupportFiles([], [file('a'), file('b'), file('c')]);
    expect(three.problem).toBeUndefined();
    expect(three.files.map((f) => f.name)).toEqual(['a', 'b', 'c']);

    const four = addSupportFiles(three.files, [file('d')]);
    expect(four.problem).toBe(MSG.supportTooManyFiles);
    expect(four.files).toBe(three.files);
    expect(addSupportFiles([], [file('a'), file('b'), file('c'), file('d')])).toEqual({ files: [], problem: MSG.supportTooManyFiles });
  });

  it('takes a file of exactly 5242880 bytes and refuses one byte more', () => {
    expect(SUPPORT_MAX_FILE_BYTES).toBe(5242880);
    const ok = addSupportFiles([], [file('max.pdf', 5242880)]);
    expect(ok).toEqual({ files: [expect.objectContaining({ name: 'max.pdf' })], problem: undefined });

    const big = addSupportFiles([], [file('big.pdf', 5242881), file('small.png')]);
    expect(big.problem).toBe(MSG.supportFileTooBig);
    expect(big.files.map((f) => f.name)).toEqual(['small.png']);
  });

  it('ignores a file picked twice', () => {
    const a = file('a');
    expect(addSupportFiles([a], [a]).files).toEqual([a]);
  });

  it('checks again what is about to be sent', () => {
    expect(supportFilesProblem([file('a'), file('b'), file('c')])).toBeUndefined();
    expect(supportFilesProblem([file('a'), file('b'), file('c'), file('d')])).toBe(MSG.supportTooManyFiles);
    expect(supportFilesProblem([file('a', 5242881)])).toBe(MSG.supportFileTooBig);
  });

  it('formats sizes the Ukrainian way', () => {
    expect(formatSize(820)).toBe('820 Б');
    expect(formatSize(14 * 1024)).toBe('14 КБ');
    expect(formatSize(5242880)).toBe('5 МБ');
    expect(formatSize(2.5 * 1024 * 1024)).toBe('2,5 МБ');
  });
});
