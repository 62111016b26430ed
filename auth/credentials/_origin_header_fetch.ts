// A request sent with a credential header that only its own origin may see. Runtimes drop
// `authorization` when a redirect leaves the origin, but keep other headers such as
// `x-goog-api-key`: a redirect to another host would hand it the key. So redirects the caller
// leaves at "follow" are followed here, as the Fetch standard follows them, the header set only on
// requests to the first origin.
import type { FetchLike } from "../types.ts";

/** Redirects followed at most, as the Fetch standard, browsers and undici do. */
const MAX_REDIRECTS = 20;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** What the Fetch standard and undici drop when a redirect leaves the origin. */
const ORIGIN_HEADERS = ["authorization", "proxy-authorization", "cookie"];

/**
 * `fetch(request)` with the header `name: value` on every request to `request`'s origin and on no
 * other. A redirect the caller asked not to follow (`redirect: "manual"` or `"error"`) is left to
 * the runtime. A 307 or 308 that would send a body again comes back as it is: the body is a
 * stream, sent once, and keeping a copy of every upload for a redirect that rarely comes would
 * double its memory. In a browser, `redirect: "manual"` gives an opaque response, which comes back
 * as it is.
 *
 * @throws {TypeError} After {@linkcode MAX_REDIRECTS} redirects, or one to a URL that is not
 * `http:` or `https:`, as `fetch` does.
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
    const response = await fetch(withHeader(new Request(current, { redirect: "manual" })));
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return response;
    // As the Fetch standard: 303 (but for HEAD), and 301 or 302 after a POST, go on as a GET
    // without a body; 307 and 308 keep the method and body.
    const asGet = (response.status === 303 && current.method !== "HEAD") ||
      (current.method === "POST" && (response.status === 301 || response.status === 302));
    if (!asGet && current.body !== null) return response;
    await response.body?.cancel();
    const url = new URL(location, current.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new TypeError(`Cannot follow a redirect to a ${url.protocol} URL`);
    }
    if (hop >= MAX_REDIRECTS) {
      throw new TypeError(`Cannot follow more than ${MAX_REDIRECTS} redirects`);
    }
    const headers = new Headers(current.headers);
    headers.delete(name);
    if (url.origin !== new URL(current.url).origin) {
      for (const header of ORIGIN_HEADERS) headers.delete(header);
    }
    if (asGet) {
      for (const header of ["content-type", "content-length", "content-encoding"]) {
        headers.delete(header);
      }
    }
    current = new Request(url, {
      method: asGet ? "GET" : current.method,
      headers,
      signal: current.signal,
    });
  }
}
