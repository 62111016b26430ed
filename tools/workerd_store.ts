/**
 * A loopback server behind workerd's KV namespace bindings and Cache API (`kvNamespace` and
 * `cacheApiOutbound` naming an external service), so Workers in `workerd test` share a KV
 * namespace and a cache without miniflare: KV reads `GET /<key>` and writes `PUT /<key>`; the
 * cache writes `PUT <url>` with the serialized response and matches with `GET <url>` (`504` is a
 * miss). TTLs are kept, so an expired value is gone. It records every value written.
 *
 * @module
 */

/** A running store. */
export interface WorkerdStore {
  /** `127.0.0.1:<port>`, for workerd's `external = (address = ...)`. */
  address: string;
  /** Every value written, in order (KV values and cached response bodies). */
  written: string[];
  close(): Promise<void>;
}

/** A serialized HTTP/1.1 response (what workerd's cache PUT sends) as a Response. */
function parseResponse(text: string): Response {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 500);
  const headers = new Headers(lines.map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon), line.slice(colon + 1).trim()] as [string, string];
  }));
  return new Response(text.slice(end + 4), { status, headers });
}

function maxAge(headers: Headers): number {
  return Number(/max-age=(\d+)/.exec(headers.get("cache-control") ?? "")?.[1] ?? 0);
}

/** Starts the store on 127.0.0.1. */
export function startWorkerdStore(): WorkerdStore {
  const values = new Map<string, { text: string; until: number; cached: boolean }>();
  const written: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const isKv = url.host === "fake-host";
    const key = isKv ? decodeURIComponent(url.pathname.slice(1)) : request.url;
    const body = await request.text();
    if (request.method === "PUT") {
      if (isKv) {
        const ttl = Number(url.searchParams.get("expiration_ttl") ?? Infinity);
        values.set(key, { text: body, until: Date.now() + ttl * 1000, cached: false });
        written.push(body);
      } else {
        const response = parseResponse(body);
        const text = await response.text();
        values.set(key, {
          text: body,
          until: Date.now() + maxAge(response.headers) * 1000,
          cached: true,
        });
        written.push(text);
      }
      return new Response(null, { status: 200 });
    }
    const entry = values.get(key);
    if (entry === undefined || entry.until <= Date.now()) {
      return new Response(null, { status: isKv ? 404 : 504 });
    }
    if (!entry.cached) return new Response(entry.text);
    const cached = parseResponse(entry.text);
    cached.headers.set("cf-cache-status", "HIT");
    return cached;
  });
  return {
    address: `127.0.0.1:${server.addr.port}`,
    written,
    close: () => server.shutdown(),
  };
}
