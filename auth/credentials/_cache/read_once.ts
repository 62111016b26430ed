// A fact read when first asked for: one read in flight at a time (every caller during it shares
// it), kept once it succeeds; a failed read keeps nothing, so the next call reads again.

/** A value read when first asked for, then kept. */
export interface ReadOnce<T> {
  /** The kept value, else the read in flight, else a new read. */
  get(): Promise<T>;
  /** The value once a read has succeeded, else `undefined`. */
  readonly known: T | undefined;
}

/** The value `read` gives, read once when first asked for. */
export function readOnce<T>(read: () => Promise<T>): ReadOnce<T> {
  let kept: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  const first = async (): Promise<T> => {
    try {
      const value = await read();
      kept = { value };
      return value;
    } finally {
      pending = undefined;
    }
  };
  return {
    get() {
      if (kept !== undefined) return Promise.resolve(kept.value);
      pending ??= first();
      return pending;
    },
    get known() {
      return kept?.value;
    },
  };
}
