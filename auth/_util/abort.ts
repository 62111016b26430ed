// Following an AbortSignal for one abort: auth/'s timeouts, cancellations and races all listen
// this way and stop listening when they are done.

/** Calls `listener` once when `signal` aborts; returns the function that stops listening. */
export function onAbort(signal: AbortSignal | undefined, listener: () => void): () => void {
  signal?.addEventListener("abort", listener, { once: true });
  return () => signal?.removeEventListener("abort", listener);
}

/**
 * `pending`, or a rejection with the signal's reason as soon as `signal` aborts: a caller's code
 * that ignores the signal (an injected reader, a supplier) does not keep the call waiting.
 */
export async function untilAborted<T>(
  pending: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  signal?.throwIfAborted();
  let stopListening = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    stopListening = onAbort(signal, () => reject(signal!.reason));
  });
  try {
    return await Promise.race([pending, aborted]);
  } finally {
    pending.catch(() => {});
    aborted.catch(() => {});
    stopListening();
  }
}
