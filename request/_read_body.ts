// Reads a response body up to a byte limit, through a reader that is cancelled when the limit is
// passed or the request's signal aborts: some fetch implementations (Node 20's) stop honouring the
// signal once the headers have arrived, and a server may send without end.

/** A body read whole, or its first `limit` bytes when it was longer (`oversized`). */
export interface BoundedBody {
  bytes: Uint8Array;
  oversized: boolean;
}

/** Reads `response`'s body, at most `limit` bytes of it. */
export async function readBounded(
  response: Response,
  limit: number,
  signal: AbortSignal,
): Promise<BoundedBody> {
  const reader = response.body?.getReader();
  if (reader === undefined) return { bytes: new Uint8Array(0), oversized: false };
  const cancel = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener("abort", cancel, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      signal.throwIfAborted();
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      if (done) return { bytes: joined(chunks, size), oversized: false };
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size));
        cancel();
        return { bytes: joined(chunks, limit), oversized: true };
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (error) {
    cancel();
    throw error;
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]!.byteLength === size) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
