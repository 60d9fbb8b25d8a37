/**
 * `work`, or a rejection with `late()` when it has not settled within `ms`; the work itself goes
 * on (whatever it holds is bounded by its own limits).
 */
export function within<T>(work: Promise<T>, ms: number, late: () => Error = () => new Error(`no answer within ${ms} ms`)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
}
