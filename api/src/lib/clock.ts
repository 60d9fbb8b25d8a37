/**
 * The application's clock, for rules that must read one time wherever they are evaluated: a
 * discount's window is checked in memory for the cached task list and in SQL for the charge,
 * and both take the time from here (bound as a parameter, not the database's `now()`), so the
 * price shown is the price charged. Tests move it: `vi.spyOn(clock, 'now').mockReturnValue(t)`.
 */
export const clock = {
  now: (): Date => new Date(),
};
