// The emulator's sockets: a node:http server on 127.0.0.1 (Deno, Node and Bun all provide it), and
// a node:https one that asks for a client certificate (mutual TLS, for X.509 federation); each
// records every request, applies queued faults at the socket level (reset, truncated body, delay,
// status) and otherwise sends the handler's answer. Every answer closes its connection, so a
// fault meets the request it was queued for, never a client's retry on a reused connection.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { answer, routeOf } from "./router.ts";
import type { RequestLog } from "../_core/request_log.ts";
import type { State } from "../_core/state.ts";
import { type Incoming, rpcError } from "../_core/wire.ts";
import type { EmulatorFault, EmulatorRoute } from "../types.ts";
import { unknownFaultOption } from "../_core/option_names.ts";

const MAX_BODY_BYTES = 1 << 20;

/** Every route name, checked by the compiler against {@linkcode EmulatorRoute}. */
const ROUTES: Readonly<Record<EmulatorRoute, true>> = {
  oidc: true,
  sts: true,
  stsIntrospect: true,
  stsOauthToken: true,
  storage: true,
  generateAccessToken: true,
  generateIdToken: true,
  signJwt: true,
  signBlob: true,
  oauth2Token: true,
  jwks: true,
  metadata: true,
  metadataToken: true,
  metadataIdentity: true,
  projects: true,
  awsMetadata: true,
};

/** Faults queued per route, consumed in order. */
export class FaultQueue {
  readonly #queues = new Map<EmulatorRoute, { fault: EmulatorFault; left: number }[]>();

  add(route: EmulatorRoute, fault: EmulatorFault): void {
    // A fault queued for a misspelt route would never fire: the test it sets up would pass silently.
    if (typeof route !== "string" || !Object.hasOwn(ROUTES, route)) {
      throw new TypeError(
        `Cannot inject a fault: ${JSON.stringify(route)} is not a route; use one of ${
          Object.keys(ROUTES).join(", ")
        }`,
      );
    }
    const unknown = unknownFaultOption(fault);
    if (unknown !== undefined) {
      throw new TypeError(`Cannot inject a fault: "${unknown[0]}" ${unknown[1]}`);
    }
    const left = fault.times ?? Infinity;
    if (!(left > 0)) {
      throw new RangeError(`Cannot inject a fault: times must be positive, got ${left}`);
    }
    const queue = this.#queues.get(route) ?? [];
    queue.push({ fault: { ...fault }, left });
    this.#queues.set(route, queue);
  }

  clear(): void {
    this.#queues.clear();
  }

  /** The fault for the next request of `route`, if any. */
  take(route: EmulatorRoute | undefined): EmulatorFault | undefined {
    const queue = route === undefined ? undefined : this.#queues.get(route);
    const next = queue?.[0];
    if (next === undefined) return undefined;
    if (--next.left <= 0) queue!.shift();
    return next.fault;
  }
}

function headersOf(message: IncomingMessage): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}

function readBody(message: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    message.on("data", (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    message.on("end", () => {
      if (size > MAX_BODY_BYTES) return resolve(undefined);
      const body = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(new TextDecoder().decode(body));
    });
    message.on("error", reject);
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => headers[name] = value);
  const body = new Uint8Array(await response.arrayBuffer());
  res.writeHead(response.status, {
    ...headers,
    "content-length": String(body.byteLength),
    connection: "close",
  });
  res.end(body);
}

async function applyFault(
  fault: EmulatorFault,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (fault.delayMs !== undefined) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault.reset === true) {
    req.socket.destroy();
    return true;
  }
  if (fault.truncate === true) {
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": "256",
      connection: "close",
    });
    res.write('{"access_token":"ya29.trunc');
    setTimeout(() => req.socket.destroy(), 5);
    return true;
  }
  if (fault.status !== undefined) {
    const body = fault.body ?? "";
    res.writeHead(fault.status, {
      ...fault.headers,
      "content-length": String(new TextEncoder().encode(body).byteLength),
      connection: "close",
    });
    res.end(body);
    return true;
  }
  return false;
}

/** A listening server and the URL it serves. */
interface Listening {
  server: Server;
  url: string;
}

/** The certificate and key of the mutual TLS listener (PEM). */
export interface ServerCertificate {
  certificate: string;
  privateKey: string;
}

/** The client certificate a request came with on the mutual TLS listener (DER), if any. */
function clientCertificateOf(req: IncomingMessage): Uint8Array | undefined {
  const socket = req.socket as Partial<TLSSocket>;
  const raw = socket.getPeerCertificate?.()?.raw;
  return raw === undefined || raw.length === 0 ? undefined : new Uint8Array(raw);
}

/**
 * Starts a server on 127.0.0.1: plain HTTP, or with `tls` HTTPS asking for a client certificate,
 * which the STS checks (a TLS handshake without one still answers, as other routes need none).
 */
export async function listen(
  state: State,
  faults: FaultQueue,
  log: RequestLog,
  tls?: ServerCertificate,
): Promise<Listening> {
  let base = "";
  const handler: RequestListener = async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", base);
      const body = await readBody(req);
      const route = routeOf(url.pathname);
      const headers = headersOf(req);
      const method = req.method ?? "GET";
      log.add({
        route,
        method,
        url: url.href,
        path: url.pathname,
        headers,
        body: body ?? "",
      });
      const fault = faults.take(route);
      if (fault !== undefined && await applyFault(fault, req, res)) return;
      const incoming: Incoming = {
        method,
        url,
        headers: new Headers(headers),
        body: body ?? "",
        clientCertificate: clientCertificateOf(req),
      };
      const response = body === undefined
        ? rpcError(413, "Request body too large")
        : await answer(incoming, route, state);
      await send(res, response);
    } catch (error) {
      if (!res.headersSent) {
        await send(res, rpcError(500, `Emulator failure: ${error}`));
      } else req.socket.destroy();
    }
  };
  // The mutual TLS listener checks the chain itself (per pool, at STS), so the handshake accepts
  // any client certificate, or none.
  const server = tls === undefined ? createServer(handler) : createTlsServer({
    cert: tls.certificate,
    key: tls.privateKey,
    requestCert: true,
    rejectUnauthorized: false,
  }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(tls === undefined ? state.config.port : 0, "127.0.0.1", () => resolve());
  });
  const scheme = tls === undefined ? "http" : "https";
  base = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: base };
}

/** Stops a server and closes every connection. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
