// Following an AbortSignal for one abort: auth/'s timeouts, cancellations and races all listen
// this way and stop listening when they are done.

/** Calls `listener` once when `signal` aborts; returns the function that stops listening. */
export function onAbort(signal: AbortSignal | undefined, listener: () => void): () => void {
  signal?.addEventListener("abort", listener, { once: true });
  return () => signal?.removeEventListener("abort", listener);
}
