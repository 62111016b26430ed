// The step's node:http transport against loopback servers and a loopback forward proxy that alone
// resolves the *.proxy-only.test names: direct and tunnelled http: and https: targets, each proxy
// variable, NO_PROXY, proxy authentication and refusal, aborts before and after the headers,
// redirects, the body cap, network failures, and auth/ calls made through it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import process from "node:process";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { node24, required } from "../../tools/runtimes.ts";
import { runtimeMissing, skippedWhen } from "../support/skip.ts";
import type { RunOptions } from "../../action/main.ts";
import type { NodeResponse } from "../../node/_response.ts";
import { createNodeFetch, type NodeFetchOptions } from "../../node/_fetch.ts";
import { ProxyConfigError, type ProxyEnv } from "../../node/_proxy.ts";
import type {
  AuthenticateOptions,
  CredentialsOptions,
  LoadCredentialsOptions,
} from "../../auth/mod.ts";
import { exchangeToken, type ExchangeTokenOptions } from "../../auth/flows/mod.ts";
import {
  type ForwardProxy,
  type ForwardProxyOptions,
  startForwardProxy,
} from "../../tools/forward_proxy.ts";
import { testCertificate } from "../../tools/test_certificate.ts";

const PLAIN = "plain.proxy-only.test";
const SECURE = "sts.proxy-only.test";
const certificate = await testCertificate([SECURE, "localhost"]);

/** A server that answers with what it received, plus a few misbehaving routes. */
function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? "";
  request.on("error", () => {}); // a client that aborts is what some tests do
  if (path === "/redirect") return void response.writeHead(302, { location: "/echo" }).end();
  if (path === "/hang") return;
  if (path.startsWith("/drip")) return void response.writeHead(200).write("partial");
  if (path === "/reset") {
    response.writeHead(200, { "content-length": "100" }).write("partial");
    return void setImmediate(() => request.socket.destroy());
  }
  if (path.startsWith("/bytes/")) return void response.end("x".repeat(Number(path.slice(7))));
  let body = "";
  request.setEncoding("utf8").on("data", (chunk) => body += chunk).on("end", () => {
    response.writeHead(201, { "content-type": "application/json", "x-multi": ["a", "b"] });
    response.end(JSON.stringify({
      method: request.method,
      path,
      host: request.headers.host,
      contentType: request.headers["content-type"],
      custom: request.headers["x-custom"],
      body,
    }));
  });
}

interface Origin {
  server: Server;
  port: number;
  /** The next request the server receives. */
  nextRequest(): Promise<IncomingMessage>;
}

async function listen(server: Server): Promise<Origin> {
  const waiting: ((request: IncomingMessage) => void)[] = [];
  server.on("request", (request: IncomingMessage) => waiting.shift()?.(request));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return {
    server,
    port: (server.address() as { port: number }).port,
    nextRequest: () => new Promise((received) => waiting.push(received)),
  };
}

/**
 * Resolves when the connection that carried `request` closes (whatever error it had); rejects if
 * it is still open after 10 s, so a transport that leaks the socket fails instead of hanging.
 */
function closeOf(request: IncomingMessage): Promise<void> {
  return new Promise((closed, open) => {
    const guard = setTimeout(() => open(new Error("the connection was left open")), 10_000);
    request.socket.on("close", () => {
      clearTimeout(guard);
      closed();
    });
  });
}

interface World {
  http: Origin;
  https: Origin;
  proxy: ForwardProxy;
  close(): Promise<void>;
}

async function world(
  proxyOptions: Omit<ForwardProxyOptions, "hosts"> = {},
): Promise<World> {
  const http = await listen(createHttpServer(handle));
  const https = await listen(createHttpsServer(certificate, handle));
  const proxy = await startForwardProxy({
    hosts: { [PLAIN]: http.port, [SECURE]: https.port },
    ...proxyOptions,
  });
  return {
    http,
    https,
    proxy,
    close: async () => {
      await proxy.close();
      for (const { server } of [http, https]) {
        server.closeAllConnections();
        await new Promise((closed) => server.close(closed));
      }
    },
  };
}

function fetchWith(env: ProxyEnv, options: NodeFetchOptions = {}) {
  return createNodeFetch({ env, ca: certificate.cert, ...options });
}

async function json(response: NodeResponse): Promise<Record<string, unknown>> {
  return await response.json() as Record<string, unknown>;
}

/** The `cause` message of a rejected fetch, after checking it is fetch's TypeError. */
async function networkFailure(call: Promise<unknown>): Promise<string> {
  const error = await call.then(() => undefined, (error: unknown) => error);
  assert.ok(error instanceof TypeError, `expected a TypeError, got ${error}`);
  assert.equal(error.message, "fetch failed");
  return error.cause instanceof Error ? error.cause.message : String(error.cause);
}

Deno.test("node fetch: direct http: and https: requests carry method, path, headers and body", async () => {
  const w = await world();
  try {
    const fetch = fetchWith({});
    for (const base of [`http://127.0.0.1:${w.http.port}`, `https://localhost:${w.https.port}`]) {
      const response = await fetch(`${base}/echo?a=1&b=%20`, {
        method: "post",
        headers: { "X-Custom": "yes" },
        body: "grant=1",
        signal: AbortSignal.timeout(5_000),
        redirect: "error",
      });
      assert.equal(response.status, 201);
      assert.equal(response.ok, true);
      assert.equal(response.headers.get("Content-Type"), "application/json");
      assert.equal(response.headers.get("x-multi"), "a, b");
      assert.deepEqual(await json(response), {
        method: "POST",
        path: "/echo?a=1&b=%20",
        host: new URL(base).host,
        contentType: "text/plain;charset=UTF-8",
        custom: "yes",
        body: "grant=1",
      });
    }
    assert.deepEqual(w.proxy.requests, []);
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: Request inputs, header lists and byte bodies; a body reads once", async () => {
  const w = await world();
  try {
    const fetch = fetchWith({});
    const url = `http://127.0.0.1:${w.http.port}/echo`;
    const request = new Request(url, {
      method: "PUT",
      headers: { "x-custom": "r" },
      body: "from request",
    });
    const fromRequest = await json(
      await fetch(request, { headers: [["X-Custom", "init"], ["x-custom", "wins"]] }),
    );
    assert.deepEqual([fromRequest.method, fromRequest.custom, fromRequest.body], [
      "PUT",
      "init, wins",
      "from request",
    ]);
    const bytes = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new TextEncoder().encode("bytes"),
    });
    const echoed = await json(bytes);
    assert.deepEqual([echoed.contentType, echoed.body], ["application/octet-stream", "bytes"]);
    await assert.rejects(bytes.text(), { name: "TypeError", message: /already been read/ });
    await assert.rejects(
      fetch(url, { method: "POST", body: new Blob(["x"]) }),
      { name: "TypeError", message: /string, ArrayBuffer or typed array body only/ },
    );
    await assert.rejects(fetch("ftp://127.0.0.1/"), { name: "TypeError", message: /ftp:/ });
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: certificates are verified (an untrusted server is a network failure)", async () => {
  const w = await world();
  try {
    const cause = await networkFailure(
      createNodeFetch({ env: {} })(`https://localhost:${w.https.port}/echo`),
    );
    assert.match(cause, /certificate/i);
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: each proxy variable alone, either case, tunnels its own scheme with CONNECT", async () => {
  const w = await world();
  try {
    const plain = `http://${PLAIN}:${w.http.port}/echo`;
    const secure = `https://${SECURE}:${w.https.port}/echo`;
    for (const name of ["HTTP_PROXY", "http_proxy"]) {
      const response = await fetchWith({ [name]: w.proxy.url })(plain);
      assert.equal((await json(response)).host, `${PLAIN}:${w.http.port}`, name);
      // HTTP_PROXY alone leaves https: targets direct, where the name does not resolve.
      await networkFailure(fetchWith({ [name]: w.proxy.url })(secure));
    }
    for (const name of ["HTTPS_PROXY", "https_proxy"]) {
      const response = await fetchWith({ [name]: w.proxy.url })(secure, {
        method: "POST",
        body: "b",
      });
      assert.equal((await json(response)).body, "b", name);
      await networkFailure(fetchWith({ [name]: w.proxy.url })(plain));
    }
    assert.deepEqual(w.proxy.requests.map(({ method, target }) => `${method} ${target}`), [
      `CONNECT ${PLAIN}:${w.http.port}`,
      `CONNECT ${PLAIN}:${w.http.port}`,
      `CONNECT ${SECURE}:${w.https.port}`,
      `CONNECT ${SECURE}:${w.https.port}`,
    ]);
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: the lower-case variable wins over a dead upper-case proxy", async () => {
  const w = await world();
  const dead = await world();
  const deadUrl = dead.proxy.url;
  await dead.close();
  try {
    const env = { HTTPS_PROXY: deadUrl, https_proxy: w.proxy.url };
    const response = await fetchWith(env)(`https://${SECURE}:${w.https.port}/echo`);
    assert.equal(response.status, 201);
    await response.body?.cancel();
    const cause = await networkFailure(
      fetchWith({ HTTPS_PROXY: deadUrl })(`https://${SECURE}:${w.https.port}/echo`),
    );
    assert.match(cause, new RegExp(`^proxy ${deadUrl}: .*ECONNREFUSED`));
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: NO_PROXY and loopback targets go direct", async () => {
  const w = await world();
  try {
    const secure = `https://${SECURE}:${w.https.port}/echo`;
    for (
      const noProxy of [
        "proxy-only.test",
        ".proxy-only.test",
        SECURE,
        `${SECURE}:${w.https.port}`,
        "*",
      ]
    ) {
      await networkFailure(fetchWith({ HTTPS_PROXY: w.proxy.url, NO_PROXY: noProxy })(secure));
    }
    const other = await fetchWith({
      HTTPS_PROXY: w.proxy.url,
      no_proxy: "other.test,.sts.proxy-only.test",
    })(secure);
    assert.equal(other.status, 201);
    await other.text();
    const env = { HTTPS_PROXY: w.proxy.url, HTTP_PROXY: w.proxy.url };
    for (
      const url of [
        `http://127.0.0.1:${w.http.port}/echo`,
        `https://localhost:${w.https.port}/echo`,
      ]
    ) {
      assert.equal((await fetchWith(env)(url)).status, 201);
    }
    assert.equal(w.proxy.requests.length, 1);
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: proxy credentials are sent as Basic and never shown", async () => {
  const w = await world({ credentials: "ci@corp:pa:ss" });
  try {
    const target = `https://${SECURE}:${w.https.port}/echo`;
    const good = `http://ci%40corp:pa%3Ass@${w.proxy.url.slice("http://".length)}`;
    assert.equal((await fetchWith({ HTTPS_PROXY: good })(target)).status, 201);
    assert.equal(w.proxy.requests[0]?.authorization, `Basic ${btoa("ci@corp:pa:ss")}`);
    for (const proxy of [`http://ci%40corp:wrong-s3cret@${w.proxy.url.slice(7)}`, w.proxy.url]) {
      const cause = await networkFailure(fetchWith({ HTTPS_PROXY: proxy })(target));
      assert.equal(
        cause,
        `proxy ${w.proxy.url} refused CONNECT ${SECURE}:${w.https.port}: HTTP 407 Proxy Authentication Required`,
      );
    }
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: an unusable proxy variable fails the call, naming the variable only", async () => {
  const fetch = fetchWith({ HTTPS_PROXY: "socks5://alice:s3cret@proxy.corp:1080" });
  // Not a network failure (a TypeError): a configuration error auth/ does not retry.
  const error = await fetch("https://sts.googleapis.com/v1/token").catch((error) => error);
  assert.ok(error instanceof ProxyConfigError);
  assert.equal(error.code, "ERR_PROXY_INVALID");
  assert.equal(
    error.message,
    "Cannot use the proxy in HTTPS_PROXY: scheme socks5: is not supported (use http:// or https://)",
  );
});

Deno.test("node fetch: an https:// proxy is reached over verified TLS", async () => {
  const w = await world({ tls: certificate, credentials: "ci:pw" });
  try {
    const proxy = w.proxy.url.replace("//", "//ci:pw@");
    const env = { HTTPS_PROXY: proxy, HTTP_PROXY: proxy };
    for (
      const url of [`https://${SECURE}:${w.https.port}/echo`, `http://${PLAIN}:${w.http.port}/echo`]
    ) {
      assert.equal((await fetchWith(env)(url)).status, 201, url);
    }
    assert.equal(w.proxy.requests.length, 2);
    const untrusted = createNodeFetch({ env })(`http://${PLAIN}:${w.http.port}/echo`);
    assert.match(
      await networkFailure(untrusted),
      /^proxy https:\/\/127\.0\.0\.1:\d+: .*certificate/,
    );
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: a proxy that refuses the tunnel is a network failure naming it", async () => {
  const w = await world({ refuseWith: 403 });
  try {
    const cause = await networkFailure(
      fetchWith({ HTTP_PROXY: w.proxy.url.replace("//", "//user:s3cret@") })(
        `http://${PLAIN}:${w.http.port}/`,
      ),
    );
    assert.equal(
      cause,
      `proxy ${w.proxy.url} refused CONNECT ${PLAIN}:${w.http.port}: HTTP 403 Refused`,
    );
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: abort before the headers and while the body streams destroys the socket", async () => {
  const w = await world();
  try {
    for (
      const [env, base] of [
        [{}, `http://127.0.0.1:${w.http.port}`],
        [{ HTTPS_PROXY: w.proxy.url }, `https://${SECURE}:${w.https.port}`],
      ] as const
    ) {
      const origin = base.startsWith("https") ? w.https : w.http;
      const fetch = fetchWith(env);

      const beforeHeaders = new AbortController();
      let received = origin.nextRequest();
      const call = fetch(`${base}/hang`, { signal: beforeHeaders.signal });
      let closed = closeOf(await received);
      beforeHeaders.abort(new Error("stop before headers"));
      await assert.rejects(call, { message: "stop before headers" });
      await closed;

      const whileStreaming = new AbortController();
      received = origin.nextRequest();
      const response = await fetch(`${base}/drip`, { signal: whileStreaming.signal });
      closed = closeOf(await received);
      const reader = response.body!.getReader();
      assert.equal(new TextDecoder().decode((await reader.read()).value), "partial");
      whileStreaming.abort(new Error("stop while streaming"));
      await assert.rejects(reader.read(), { message: "stop while streaming" });
      await closed;
    }
    const aborted = AbortSignal.abort(new Error("already"));
    await assert.rejects(
      fetchWith({})(`http://127.0.0.1:${w.http.port}/echo`, { signal: aborted }),
      {
        message: "already",
      },
    );
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: redirects are not followed; redirect: manual returns them", async () => {
  const w = await world();
  try {
    const url = `http://127.0.0.1:${w.http.port}/redirect`;
    for (const redirect of [undefined, "error", "follow"] as const) {
      assert.equal(await networkFailure(fetchWith({})(url, { redirect })), "unexpected redirect");
    }
    const manual = await fetchWith({})(url, { redirect: "manual" });
    assert.equal(manual.status, 302);
    assert.equal(manual.headers.get("location"), "/echo");
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: a body over maxBodyBytes fails the read; a body at the cap is read whole", async () => {
  const w = await world();
  try {
    const fetch = fetchWith({}, { maxBodyBytes: 1000 });
    assert.equal(
      (await (await fetch(`http://127.0.0.1:${w.http.port}/bytes/1000`)).text()).length,
      1000,
    );
    const over = await fetch(`http://127.0.0.1:${w.http.port}/bytes/1001`);
    await assert.rejects(over.text(), {
      name: "TypeError",
      message: "The response body is over 1000 bytes",
    });
    assert.throws(() => createNodeFetch({ maxBodyBytes: -1 }), /maxBodyBytes/);
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: refused, reset and unresolvable are fetch's TypeError", async () => {
  const w = await world();
  const closedPort = w.http.port;
  try {
    const reset = await fetchWith({})(`http://127.0.0.1:${w.http.port}/reset`);
    await assert.rejects(reset.text(), { name: "TypeError", message: "terminated" });
    for (
      const [variable, url] of [
        ["HTTP_PROXY", `http://${PLAIN}:${w.http.port}/reset`],
        ["HTTPS_PROXY", `https://${SECURE}:${w.https.port}/reset`],
      ] as const
    ) {
      const tunnelled = await fetchWith({ [variable]: w.proxy.url })(url);
      await assert.rejects(tunnelled.text(), { name: "TypeError" }, url);
    }
    await networkFailure(fetchWith({})(`http://${PLAIN}/`));
  } finally {
    await w.close();
  }
  assert.match(
    await networkFailure(fetchWith({})(`http://127.0.0.1:${closedPort}/`)),
    /ECONNREFUSED/,
  );
});

Deno.test("node fetch: auth/ calls go through it and retry its failures", async () => {
  const w = await world();
  let attempts = 0;
  w.https.server.removeAllListeners("request");
  w.https.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    attempts++;
    if (attempts === 1) return void response.writeHead(503).end();
    if (attempts === 2) return void request.socket.destroy();
    if (attempts === 3) return void response.writeHead(429).end();
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ access_token: "federated", expires_in: 3600 }));
  });
  try {
    const token = await exchangeToken({
      baseUrl: `https://${SECURE}:${w.https.port}/v1`,
      audience:
        "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
      subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
      fetch: fetchWith({ HTTPS_PROXY: w.proxy.url }),
      sleep: async () => {},
    });
    assert.equal(token.token, "federated");
    assert.equal(attempts, 4);
    assert.equal(w.proxy.requests.length, 4);
  } finally {
    await w.close();
  }
});

Deno.test("node fetch: an auth/ attempt timeout ends a body that never finishes", async () => {
  const w = await world();
  try {
    const received = w.http.nextRequest();
    const call = exchangeToken({
      baseUrl: `http://127.0.0.1:${w.http.port}/drip`,
      audience:
        "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
      subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.sig",
      fetch: fetchWith({}),
      retry: { attempts: 1 },
      timeoutMs: 50,
    });
    const failed = assert.rejects(call, (error: Error & { status?: number }) => {
      assert.equal(error.status, 0);
      assert.match(error.message, /timeout: Timed out after 50 ms/);
      return true;
    });
    await closeOf(await received);
    await failed;
  } finally {
    await w.close();
  }
});

const runner = await node24();

// Checked by `deno check` (the test task's first step): the Node transport and globalThis.fetch
// fit every fetch option of auth/ and of the step with no cast, and the Node transport is not
// taken for a fetch of Responses (credentials hand what their fetch gives on as a Response).
Deno.test("node fetch: its type fits auth/'s and the step's fetch options, and claims no Response", () => {
  const node = createNodeFetch({ env: {} });
  const fits: Required<Pick<AuthenticateOptions | ExchangeTokenOptions | RunOptions, "fetch">>[] = [
    { fetch: node },
    { fetch: globalThis.fetch },
  ];
  const credentials: Pick<LoadCredentialsOptions | CredentialsOptions, "fetch">[] = [
    { fetch: globalThis.fetch },
    // @ts-expect-error NodeResponse is not a Response.
    { fetch: node },
  ];
  const resolvesTo: (fetch: typeof node) => Promise<NodeResponse> = (fetch) => fetch("http://x/");
  assert.equal(fits.length + credentials.length + resolvesTo.length, 5);
});

/** Runs _node_fetch_child.ts under Node 24 with `env`; what it printed, once it has ended itself. */
async function runChild(
  node: string,
  urls: string[],
  env: Record<string, string>,
): Promise<{ outcomes: string[]; undici: boolean }> {
  const child = spawn(
    node,
    [new URL("../support/fetch_child.ts", import.meta.url).pathname, ...urls],
    {
      // Deno's spawn adds the parent's environment to `env`: every proxy variable is set here.
      env: {
        PATH: process.env.PATH,
        TEST_CA: certificate.cert,
        HTTPS_PROXY: "",
        https_proxy: "",
        HTTP_PROXY: "",
        http_proxy: "",
        NO_PROXY: "",
        no_proxy: "",
        NODE_NO_WARNINGS: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => stdout += chunk);
  child.stderr.setEncoding("utf8").on("data", (chunk) => stderr += chunk);
  // The guard only turns a process that never ends into a failure instead of a hang.
  const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const [code, signal] = await once(child, "exit") as [number | null, string | null];
  clearTimeout(guard);
  assert.deepEqual({ code, signal, stderr }, { code: 0, signal: null, stderr: "" });
  return JSON.parse(stdout);
}

Deno.test(skippedWhen(runtimeMissing(runner, "Node 24"), {
  name:
    "node fetch: under Node 24 the calls go direct and through the proxy, undici stays unloaded, TLS loads only when used, and the process ends by itself",
  async fn() {
    const node = required(runner, "Node 24").path;
    const w = await world({ credentials: "ci:pw" });
    try {
      const proxy = w.proxy.url.replace("//", "//ci:pw@");
      const urls = [
        `http://127.0.0.1:${w.http.port}/echo`,
        `https://${SECURE}:${w.https.port}/echo`,
        `http://${PLAIN}:${w.http.port}/echo`,
        `https://${SECURE}:${w.https.port}/redirect`,
      ];
      const hosts = [
        `201 127.0.0.1:${w.http.port}`,
        `201 ${SECURE}:${w.https.port}`,
        `201 ${PLAIN}:${w.http.port}`,
        "TypeError: unexpected redirect",
      ];
      const [alone, besideNodes] = await Promise.all([
        runChild(node, urls, { https_proxy: proxy, HTTP_PROXY: proxy }),
        // Node's own env proxy (which would also proxy the loopback call) takes no part.
        runChild(node, urls, { https_proxy: proxy, HTTP_PROXY: proxy, NODE_USE_ENV_PROXY: "1" }),
      ]);
      assert.deepEqual(alone, {
        outcomes: hosts.map((host, i) => `${host}, ${i === 0 ? "no tls" : "tls"}`),
        undici: false,
      });
      assert.deepEqual(
        besideNodes.outcomes.map((outcome) => outcome.replace(/, (no )?tls$/, "")),
        hosts,
      );
      assert.equal(w.proxy.requests.length, 6);
    } finally {
      await w.close();
    }
  },
}));
