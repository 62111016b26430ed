// The loopback servers of node_fetch_bench.ts, in a worker so that they answer while the bench
// blocks on each node process: an http: and an https: server answering like STS, and a CONNECT
// proxy that resolves bench.proxy-only.test to the https: one. Posts the ports, then serves.
import { createServer as createHttpServer, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { startForwardProxy } from "../../tools/forward_proxy.ts";

declare const self: Worker;

const { cert, key } = await new Promise<{ cert: string; key: string }>((received) =>
  self.onmessage = (event: MessageEvent) => received(event.data)
);
const body = JSON.stringify({ access_token: "x".repeat(200), expires_in: 3599 });
const answer = (_request: unknown, response: ServerResponse) =>
  response.writeHead(200, { "content-type": "application/json" }).end(body);

async function listen(server: Server): Promise<number> {
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return (server.address() as { port: number }).port;
}
const http = await listen(createHttpServer(answer));
const https = await listen(createHttpsServer({ cert, key }, answer));
const proxy = await startForwardProxy({ hosts: { "bench.proxy-only.test": https } });
self.postMessage({ http, https, proxy: proxy.url });
