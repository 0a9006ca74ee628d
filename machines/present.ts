/**
 * A value that a state is only ever reached with (the line of a pill that is sending, the tokens of a session that is
 * loading its user). Statecharts cannot type context per state, so the invariant is checked where the value is
 * used: its absence stops the actor with an error that names it, instead of sending a stand-in such as 0.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new Error(`${what} is missing in a state that is only reached with it`);
  return value;
}
