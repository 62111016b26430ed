// A loopback HTTP server for tests of request/: it records each request and answers with a handler.

/** What the server saw of one request. */
export interface SeenRequest {
  method: string;
  /** The whole URL, origin included. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A running server: its origin, the requests it saw, and its shutdown (`await using`). */
export interface LoopbackServer {
  url: string;
  seen: SeenRequest[];
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A server on 127.0.0.1 (a free port) that records each request, then answers with `answer`,
 * which gets the request (its body already read), its URL and its body.
 */
export function loopbackServer(
  answer: (request: Request, url: URL, body: string) => Response | Promise<Response>,
): LoopbackServer {
  const seen: SeenRequest[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const body = await request.text();
    seen.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
    });
    return await answer(request, new URL(request.url), body);
  });
  const { port } = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** A seen request as one line: `METHOD /path?query`, then ` body` when it has one. */
export function requestLine({ method, url, body }: SeenRequest): string {
  const { pathname, search } = new URL(url);
  return `${method} ${pathname}${search}${body ? ` ${body}` : ""}`;
}
