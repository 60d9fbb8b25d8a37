/**
 * The card top-ups whose bank page the student has opened in this session: their sheet then
 * shows the waiting state instead of 'Перейти до оплати', so nobody pays twice. Session storage:
 * reopening the sheet from the wallet, or a reload, keeps it; a new session starts clean.
 */
const KEY = 'zalik.deposit.opened';

function read(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function bankPageOpened(id: string): boolean {
  return read().includes(id);
}

export function markBankPageOpened(id: string): void {
  const ids = read().filter((x) => x !== id);
  // A handful is enough: at most MAX_OPEN_DEPOSIT_REQUESTS wait at once.
  ids.push(id);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ids.slice(-20)));
  } catch {
    // Storage refused (private mode): the sheet still remembers it while it is open.
  }
}
