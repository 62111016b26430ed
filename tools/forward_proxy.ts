/**
 * A forward proxy on loopback for the transport tests: it answers `CONNECT host:port` only, and
 * resolves only the host names it is given (each to a port on 127.0.0.1), so a request that
 * reaches such a host can only have come through it. It records what it was asked, can demand
 * `Proxy-Authorization`, and can refuse every tunnel with a given status.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";

/** What the proxy was asked. */
export interface ProxiedRequest {
  /** The request method: `CONNECT` for a tunnel. */
  method: string;
  /** The request target: `host:port` for `CONNECT`. */
  target: string;
  /** The `Proxy-Authorization` header, if any. */
  authorization?: string;
}

/** How the proxy behaves. */
export interface ForwardProxyOptions {
  /** Host names the proxy resolves, each to a port on 127.0.0.1 (any port of the name). */
  hosts: Record<string, number>;
  /** `user:password` the proxy demands (407 without them). */
  credentials?: string;
  /** Refuse every tunnel with this status (such as 403). */
  refuseWith?: number;
  /** Serve the proxy over TLS with this certificate (an `https://` proxy). */
  tls?: { cert: string; key: string };
}

/** A running proxy. */
export interface ForwardProxy {
  /** `http://127.0.0.1:<port>`, or `https://` with `tls`. */
  url: string;
  /** Every request, in arrival order. */
  requests: ProxiedRequest[];
  /** Stops listening and drops every open tunnel. */
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: string, extra = ""): void {
  socket.end(`HTTP/1.1 ${status}\r\n${extra}content-length: 0\r\nconnection: close\r\n\r\n`);
}

/** Starts a proxy on 127.0.0.1 with a free port. */
export async function startForwardProxy(options: ForwardProxyOptions): Promise<ForwardProxy> {
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Duplex>();
  const record = (request: IncomingMessage): void => {
    const entry: ProxiedRequest = { method: request.method ?? "", target: request.url ?? "" };
    const authorization = request.headers["proxy-authorization"];
    if (authorization !== undefined) entry.authorization = authorization;
    requests.push(entry);
  };
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    record(request);
    response.writeHead(405, { connection: "close" }).end();
  };
  const server: Server = options.tls === undefined
    ? createServer(onRequest)
    : createTlsServer(options.tls, onRequest);
  server.on(options.tls === undefined ? "connection" : "secureConnection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("connect", (request: IncomingMessage, client: Duplex, head: Buffer) => {
    record(request);
    // Deno's node:http still watches a tunnel's socket and errors its CONNECT request on close.
    request.on("error", () => {});
    client.on("error", () => {});
    const expected = options.credentials === undefined
      ? undefined
      : `Basic ${btoa(options.credentials)}`;
    if (expected !== undefined && request.headers["proxy-authorization"] !== expected) {
      return refuse(
        client,
        "407 Proxy Authentication Required",
        'proxy-authenticate: Basic realm="test"\r\n',
      );
    }
    if (options.refuseWith !== undefined) return refuse(client, `${options.refuseWith} Refused`);
    const [host = "", port = ""] = (request.url ?? "").split(/:(?=\d+$)/);
    const local = options.hosts[host];
    if (local === undefined || port === "") return refuse(client, "502 Bad Gateway");
    const upstream = connect(local, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as { port: number };
  return {
    url: `${options.tls === undefined ? "http" : "https"}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
