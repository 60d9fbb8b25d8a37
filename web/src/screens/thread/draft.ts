/**
 * What the reader typed in a thread and has not sent, per order: it outlives leaving the
 * screen, a reload and a lost connection, and goes once the message is sent.
 */
const key = (orderId: string) => `zalik.thread.draft.${orderId}`;

export function loadDraft(orderId: string): string {
  try {
    return localStorage.getItem(key(orderId)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(orderId: string, text: string): void {
  try {
    if (text) localStorage.setItem(key(orderId), text);
    else localStorage.removeItem(key(orderId));
  } catch {
    // Storage full or off: the draft lives only while the screen is open.
  }
}
