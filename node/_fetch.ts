/**
 * A `fetch` for the step over `node:http`/`node:https`, with proxies from the environment. Node's
 * own `fetch` loads its bundled undici on first use, most of a step's start-up (figures in
 * docs/measurements.md); this transport never loads it (a Node 24 test checks that). It does what `auth/` needs of `fetch` and no more:
 *
 * - one connection per request, closed when the body ends, so the process exits as soon as the
 *   work is done (no keep-alive socket holds the event loop);
 * - `signal` aborts at any point, also while the body streams: the socket is destroyed and the
 *   call (or the body read) rejects with the signal's reason;
 * - redirects are never followed: a 301, 302, 303, 307 or 308 rejects as Node's `fetch` does with
 *   `redirect: "error"`, unless `redirect` is `"manual"`;
 * - the body streams with backpressure and errors past `maxBodyBytes`;
 * - a network failure (DNS, refused, reset, proxy refusal) rejects with a `TypeError` whose
 *   `cause` says what happened, as `fetch` does, so `auth/` retries it the same way;
 * - certificates are always verified; `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` are honoured as
 *   `@actions/http-client` does (see `proxy.ts`), tunnelling `http:` and `https:` targets alike
 *   through `CONNECT`.
 *
 * It sends only the headers it is given (no default `accept`, `user-agent` or compression).
 *
 * @module
 */

import type * as Http from "node:http";
import type * as Https from "node:https";
import type * as Net from "node:net";
import type NodeProcess from "node:process";
import type { Duplex } from "node:stream";
import type * as Tls from "node:tls";
import type { FetchLike } from "../auth/mod.ts";
import { bodyStream, NodeResponse } from "./_response.ts";
import {
  bareHostname,
  portOf,
  ProxyConfigError,
  type ProxyEnv,
  proxyFor,
  type ProxyServer,
} from "./_proxy.ts";

// Taken with getBuiltinModule, not imported: under Node 24 an ES `import` of node:http builds a
// facade over all its exports, whose lazy WebSocket getter loads undici. Each is taken at its first
// use, so importing this module loads none of them (the step's entry imports it statically, and a
// run that makes no call loads no network module); node:https and node:tls (which start OpenSSL)
// only when a call needs TLS.
// The global, not an ES import of node:process: under Node, importing it builds a facade over
// every property of `process`, whose getters load streams, net, readline and more on start-up.
const process = (globalThis as unknown as { process: typeof NodeProcess }).process;
const http = (): typeof Http => process.getBuiltinModule("node:http") as typeof Http;
const net = (): typeof Net => process.getBuiltinModule("node:net") as typeof Net;
const https = (): typeof Https => process.getBuiltinModule("node:https") as typeof Https;
const tls = (): typeof Tls => process.getBuiltinModule("node:tls") as typeof Tls;

/** Options of {@linkcode createNodeFetch}. */
export interface NodeFetchOptions {
  /** Where the proxy variables are read; default `process.env`. */
  env?: ProxyEnv;
  /**
   * Certificates to trust instead of Node's bundled roots (PEM), for servers and HTTPS proxies
   * with a private CA. Verification itself is never switched off.
   */
  ca?: string | string[];
  /**
   * A client certificate and its key (PEM) presented on every TLS connection to a server (mutual
   * TLS; never to an HTTPS proxy): an X.509 credential source's.
   */
  clientCertificate?: { cert: string; key: string };
  /** Bytes a response body may have before reading it fails; default 4 MiB. */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY_BYTES = 4 << 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A request with its input normalised. */
interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect;
}

/** Something to destroy when the exchange ends: a request or a socket. */
interface Destroyable {
  destroy(): void;
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (init === undefined) return record;
  const pairs = Symbol.iterator in init
    ? init as Iterable<[string, string]>
    : Object.entries(init as Record<string, string>);
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    record[key] = key in record ? `${record[key]}, ${value}` : String(value);
  }
  return record;
}

function bodyBytes(body: BodyInit | null | undefined): Uint8Array | string | undefined {
  if (body === undefined || body === null || typeof body === "string") return body ?? undefined;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) {
    return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  }
  throw new TypeError("This fetch sends a string, ArrayBuffer or typed array body only");
}

async function outgoing(input: Request | URL | string, init: RequestInit): Promise<Outgoing> {
  if (typeof input !== "string" && !(input instanceof URL)) {
    const request = input;
    const body = request.body === null ? undefined : await request.arrayBuffer();
    return outgoing(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
      redirect: request.redirect,
      ...init,
    });
  }
  const url = new URL(input);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`This fetch supports http: and https: URLs only, not ${url.protocol}`);
  }
  const headers = headerRecord(init.headers);
  const body = bodyBytes(init.body);
  if (typeof body === "string" && !("content-type" in headers)) {
    headers["content-type"] = "text/plain;charset=UTF-8";
  }
  headers.host = url.host;
  return {
    url,
    method: (init.method ?? "GET").toUpperCase(),
    headers,
    body,
    signal: init.signal ?? undefined,
    redirect: init.redirect ?? "follow",
  };
}

function networkError(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}

/** Opens a `CONNECT` tunnel to `target` through `proxy`; `track` sees every socket made. */
function openTunnel(
  proxy: ProxyServer,
  target: URL,
  ca: string | string[] | undefined,
  track: (resource: Destroyable) => void,
): Promise<Duplex> {
  const authority = `${target.hostname}:${portOf(target)}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.authorization !== undefined) headers["proxy-authorization"] = proxy.authorization;
  const options: Https.RequestOptions = {
    host: proxy.hostname,
    port: proxy.port,
    method: "CONNECT",
    path: authority,
    headers,
    agent: false,
  };
  if (proxy.protocol === "https:") {
    // Node takes the TLS server name from the Host header (the target here) unless told.
    options.servername = net().isIP(proxy.hostname) === 0 ? proxy.hostname : "";
    if (ca !== undefined) options.ca = ca;
  }
  const connect = (proxy.protocol === "https:" ? https() : http()).request(options);
  track(connect);
  return new Promise((resolve, reject) => {
    connect.once("connect", (response, socket, head) => {
      track(socket);
      if (response.statusCode !== 200) {
        socket.destroy();
        const status = `${response.statusCode} ${response.statusMessage ?? ""}`.trim();
        reject(new Error(`proxy ${proxy.label} refused CONNECT ${authority}: HTTP ${status}`));
        return;
      }
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    connect.once("error", (error) => {
      reject(new Error(`proxy ${proxy.label}: ${error.message}`, { cause: error }));
    });
    connect.end();
  });
}

/**
 * The connection of a request to `target`: over `tunnel` (from a proxy) or a new TCP connection,
 * with TLS on top for `https:` (certificates verified, the target's name sent for SNI).
 */
function connectionTo(
  target: URL,
  options: NodeFetchOptions,
  tunnel?: Duplex,
): Duplex {
  const { ca, clientCertificate } = options;
  const host = bareHostname(target);
  if (target.protocol === "http:" && tunnel !== undefined) return tunnel;
  let socket: Net.Socket;
  if (target.protocol === "http:") {
    socket = net().connect({ host, port: portOf(target) ?? 80 });
  } else {
    const tlsOptions: Tls.ConnectionOptions = tunnel === undefined
      ? { host, port: portOf(target) ?? 443 }
      : { socket: tunnel, host };
    if (net().isIP(host) === 0) tlsOptions.servername = host;
    if (ca !== undefined) tlsOptions.ca = ca;
    if (clientCertificate !== undefined) {
      tlsOptions.cert = clientCertificate.cert;
      tlsOptions.key = clientCertificate.key;
    }
    socket = tls().connect(tlsOptions);
  }
  // Nagle off, as an http.Agent turns it off on its sockets (http.request leaves a given one as is).
  return socket.setNoDelay(true);
}

async function startRequest(
  out: Outgoing,
  options: NodeFetchOptions,
  track: (resource: Destroyable) => void,
): Promise<Http.ClientRequest> {
  const proxy = proxyFor(out.url, options.env ?? process.env);
  const tunnel = proxy === undefined
    ? undefined
    : await openTunnel(proxy, out.url, options.ca, track);
  // The request takes the connection made here rather than one from an http.Agent (`agent: false`
  // built an Agent per request).
  const connection = connectionTo(out.url, options, tunnel);
  track(connection);
  return http().request({
    method: out.method,
    path: `${out.url.pathname}${out.url.search}`,
    headers: out.headers,
    setHost: false,
    createConnection: () => connection,
  });
}

function exchange(out: Outgoing, options: NodeFetchOptions): Promise<NodeResponse> {
  const { signal } = out;
  const resources: Destroyable[] = [];
  let closed = false;
  let failBody: ((error: unknown) => void) | undefined;
  const close = (): void => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener("abort", onAbort);
    for (const resource of resources) resource.destroy();
  };
  const track = (resource: Destroyable): void => {
    if (closed) resource.destroy();
    else resources.push(resource);
  };
  let rejectCall: (error: unknown) => void = () => {};
  const fail = (error: unknown): void => {
    if (closed) return;
    close();
    failBody?.(error);
    rejectCall(error);
  };
  const onAbort = (): void => fail(signal?.reason);
  return new Promise<NodeResponse>((resolve, reject) => {
    rejectCall = reject;
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    startRequest(out, options, track).then((request) => {
      track(request);
      request.on("error", (error) => fail(networkError(error)));
      request.on("response", (message) => {
        if (REDIRECTS.has(message.statusCode ?? 0) && out.redirect !== "manual") {
          return fail(networkError(new Error("unexpected redirect")));
        }
        const body = bodyStream(message, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, close);
        failBody = body.fail;
        resolve(new NodeResponse(message, body.stream));
      });
      request.end(out.body);
    }, (error) => fail(error instanceof ProxyConfigError ? error : networkError(error)));
  });
}

/**
 * A `fetch` over `node:http`/`node:https` for `authenticate({ fetch })` and the other calls of
 * `auth/`. It resolves to a {@linkcode NodeResponse}, the reading half of a `Response` (status,
 * headers, `body`, `text()`, `json()`, `arrayBuffer()`): more than `auth/` reads of a response
 * (its `FetchResponse`), but not a `Response`, so it is no fetch for `loadCredentials()`, whose
 * credentials hand their responses on as `Response`s.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createServer } from "node:http";
 * import { createNodeFetch } from "./_fetch.ts";
 *
 * const server = createServer((_request, response) => response.end('{"ok":true}'));
 * await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
 * const { port } = server.address() as { port: number };
 *
 * const fetch = createNodeFetch({ env: { HTTP_PROXY: "http://proxy.invalid:3128" } });
 * const response = await fetch(`http://127.0.0.1:${port}/`); // loopback goes direct
 * assert.equal(response.status, 200);
 * assert.deepEqual(await response.json(), { ok: true });
 * server.close();
 * ```
 */
export function createNodeFetch(options: NodeFetchOptions = {}): FetchLike<NodeResponse> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new RangeError(
      `Cannot use option "maxBodyBytes": expected a whole number >= 0, got ${maxBodyBytes}`,
    );
  }
  const settings = { ...options, maxBodyBytes };
  const fetch = async (input: Request | URL | string, init: RequestInit = {}) =>
    exchange(await outgoing(input, init), settings);
  return fetch;
}
