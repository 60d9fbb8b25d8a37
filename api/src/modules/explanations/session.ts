/** An order has something to explain once its work exists: an auto task's file, or a manual order's delivery. */
export function explainable(o: { status: string; autoGenerate: boolean }): boolean {
  return o.autoGenerate ? o.status === 'DONE' : o.status === 'DELIVERED' || o.status === 'DISPUTED' || o.status === 'DONE';
}

/** The session id an answer carries: the order's own id (one session per order, nothing written at purchase), or null. */
export function sessionIdOf(o: { id: number; status: string; autoGenerate: boolean }, enabled: boolean): string | null {
  return enabled && explainable(o) ? String(o.id) : null;
}
