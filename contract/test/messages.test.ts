import { describe, expect, it } from 'vitest';
import { MSG, ORDER_FILE_EXTENSIONS, orderFileExtension } from '../src/index.js';

/** Every message as a user reads it; a function is called with sample arguments (those it cannot take are left out). */
function texts(): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, m] of Object.entries(MSG)) {
    if (typeof m === 'string') out.push([key, m]);
    else if (typeof m === 'function') {
      try {
        out.push([key, String((m as (...a: unknown[]) => unknown)('назва', ['a', 'b'], 3))]);
      } catch {
        // A message whose arguments have another shape: its own tests cover it.
      }
    }
  }
  return out;
}

describe('messages', () => {
  it('speak Ukrainian: no Latin product name, no type codes, one term for the Stars payment method', () => {
    // A query parameter's wire values, said to an API client that sent another (the app never does).
    const wire = new Set(['historyTypeInvalid']);
    const leaks = texts().filter(([key, t]) => !wire.has(key) && /Zalik|\bREGULAR\b|\bTEST\b|зірками Telegram|Зірки Telegram|(?<!Telegram )\bStars\b/.test(t));
    expect(leaks).toEqual([]);
  });

  it('name a refused file and the types that would do', () => {
    expect(MSG.fileTypeUnsupported('вірус.exe', ['pdf', 'docx'])).toBe('Файл «вірус.exe» не можна надіслати: такий тип не підтримується. Дозволені типи: pdf, docx.');
    expect([orderFileExtension('Звіт.PDF'), orderFileExtension('setup.exe'), orderFileExtension('README')]).toEqual(['pdf', null, null]);
    expect(ORDER_FILE_EXTENSIONS).toContain('docx');
  });

  it('call the role "розробник" only, and write Ukrainian forms where the spec had Russian-influenced ones', () => {
    const leaks = texts().filter(([, t]) => /[Тт]ворц|[Тт]ворець|(?<!\p{L})[Аа]втор(а|ом|ові|у|и|ів)?(?!\p{L})|незворотньо|[Дд]обав/u.test(t));
    expect(leaks).toEqual([]);
    expect(MSG.confirmText).toBe('Будьте уважні, ваша дія може бути незворотною');
  });
});
