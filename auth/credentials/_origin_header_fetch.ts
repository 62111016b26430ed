// A request sent with a credential header that only its own origin may see. Runtimes drop
// `authorization` when a redirect leaves the origin, but keep other headers such as
// `x-goog-api-key`: a redirect to another host would hand it the key. So redirects the caller
// leaves at "follow" are followed here, the header set only on requests to the first origin.
import type { FetchLike } from "../types.ts";

/** Redirects followed at most, as browsers and undici do. */
const MAX_REDIRECTS = 20;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch(request)` with the header `name: value` on every request to `request`'s origin and on no
 * other. A redirect the caller asked not to follow (`redirect: "manual"` or `"error"`) is left to
 * the runtime; a browser's opaque redirect comes back as it is.
 */
export async function fetchWithOriginHeader(
  fetch: FetchLike<Response>,
  request: Request,
  name: string,
  value: string,
): Promise<Response> {
  const origin = new URL(request.url).origin;
  const withHeader = (next: Request) => {
    if (new URL(next.url).origin === origin) next.headers.set(name, value);
    return next;
  };
  if (request.redirect !== "follow") return await fetch(withHeader(request));
  let current = request;
  for (let hop = 0;; hop++) {
    // A spare copy for a 307 or 308, which sends the same body again.
    const spare = current.clone();
    const response = await fetch(withHeader(new Request(current, { redirect: "manual" })));
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null || hop >= MAX_REDIRECTS) {
      return response;
    }
    await response.body?.cancel();
    // As the Fetch standard: 303, and 301 or 302 after a POST, go on as a GET without a body.
    const asGet = response.status === 303 ||
      (current.method === "POST" && (response.status === 301 || response.status === 302));
    const headers = new Headers(spare.headers);
    headers.delete(name);
    if (asGet) {
      for (const header of ["content-type", "content-length", "content-encoding"]) {
        headers.delete(header);
      }
    }
    current = new Request(new URL(location, current.url), {
      method: asGet ? "GET" : spare.method,
      headers,
      body: asGet ? null : spare.body,
      signal: spare.signal,
      ...(asGet || spare.body === null ? {} : { duplex: "half" }),
    } as RequestInit);
  }
}
