// Retry, timeout and error behaviour of every call, through generateAccessToken() and a fake fetch.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CredentialsError, GoogleApiError, TokenError } from "../../../auth/mod.ts";
import { generateAccessToken } from "../../../auth/flows/mod.ts";
import { MAX_BODY_BYTES } from "../../../auth/_transport/http.ts";
import { MAX_SERVER_TEXT } from "../../../auth/_util/redact.ts";
import { expiresIn, expireTimeOf } from "../../../auth/_transport/response.ts";
import {
  node20,
  node24,
  required,
  type Runtime,
  RUNTIMES_REQUIRED,
} from "../../../tools/runtimes.ts";
import { fakeFetch, fakeSleep } from "../../support/fake_fetch.ts";
import {
  HOSTILE_KINDS,
  hostileCallCommands,
  startHostileServer,
} from "../../../tools/hostile_server.ts";

const run = promisify(execFile);

const SA = "ci@my-proj.iam.gserviceaccount.com";
const AUTH = "bearer-secret-token-value";
const OK = () => Response.json({ accessToken: "ya29.ok", expireTime: "2030-01-01T00:00:00Z" });

function call(fetch: ReturnType<typeof fakeFetch>["fetch"], extra: Record<string, unknown> = {}) {
  const { sleep, delays } = fakeSleep();
  const promise = generateAccessToken({
    serviceAccount: SA,
    authToken: AUTH,
    fetch,
    sleep,
    ...extra,
  });
  return { promise, delays };
}

Deno.test("generateAccessToken() retries 500, 502, 503, 504, 408 and 429 and then succeeds", async (t) => {
  for (const status of [500, 502, 503, 504, 408, 429]) {
    await t.step(`${status}`, async () => {
      const { fetch, requests } = fakeFetch((_, i) =>
        i < 2 ? new Response("busy", { status }) : OK()
      );
      const { promise, delays } = call(fetch);
      assert.equal((await promise).token, "ya29.ok");
      assert.equal(requests.length, 3);
      assert.equal(delays.length, 2);
    });
  }
});

Deno.test("generateAccessToken() honours Retry-After seconds and dates, capped by maxDelayMs", async (t) => {
  await t.step("seconds", async () => {
    const { fetch } = fakeFetch((_, i) =>
      i === 0 ? new Response("", { status: 429, headers: { "retry-after": "2" } }) : OK()
    );
    const { promise, delays } = call(fetch);
    await promise;
    assert.deepEqual(delays, [2000]);
  });
  await t.step("HTTP date", async () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    const { fetch } = fakeFetch((_, i) =>
      i === 0
        ? new Response("", {
          status: 503,
          headers: { "retry-after": "Tue, 01 Jan 2030 00:00:03 GMT" },
        })
        : OK()
    );
    const { promise, delays } = call(fetch, { now: () => now });
    await promise;
    assert.deepEqual(delays, [3000]);
  });
  await t.step("capped", async () => {
    const { fetch } = fakeFetch((_, i) =>
      i === 0 ? new Response("", { status: 429, headers: { "retry-after": "3600" } }) : OK()
    );
    const { promise, delays } = call(fetch, { retry: { maxDelayMs: 1500 } });
    await promise;
    assert.deepEqual(delays, [1500]);
  });
  await t.step("beyond the budget fails at once", async () => {
    const { fetch, requests } = fakeFetch(() =>
      new Response("", { status: 429, headers: { "retry-after": "4" } })
    );
    const { promise, delays } = call(fetch, { retry: { budgetMs: 3000 } });
    await assert.rejects(promise, { code: "ERR_IAM_ACCESS_TOKEN_FAILED", status: 429 });
    const error = await call(fetch, { retry: { budgetMs: 3000 } }).promise.catch((e) => e);
    assert.match(
      error.message,
      /\(the server asked to retry after 4 s; no time left in the 3000 ms retry budget after 1 attempt\)$/,
    );
    assert.equal(requests.length, 2);
    assert.deepEqual(delays, []);
  });
});

Deno.test("generateAccessToken() gives up after 4 attempts with the last status", async () => {
  const { fetch, requests } = fakeFetch(() =>
    Response.json({
      error: { code: 503, message: "The service is unavailable.", status: "UNAVAILABLE" },
    }, {
      status: 503,
    })
  );
  const { promise, delays } = call(fetch);
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof GoogleApiError);
  assert.equal(error.status, 503);
  assert.equal(error.googleStatus, "UNAVAILABLE");
  assert.match(
    error.message,
    /^Failed to generate Google Cloud OAuth 2\.0 Access Token for ci@my-proj/,
  );
  assert.match(
    error.message,
    /HTTP 503 UNAVAILABLE: The service is unavailable\. \(after 4 attempts\)$/,
  );
  assert.equal(requests.length, 4);
  assert.equal(delays.length, 3);
});

Deno.test("generateAccessToken() never retries other 4xx", async (t) => {
  for (const status of [400, 401, 403, 404, 409, 412]) {
    await t.step(`${status}`, async () => {
      const { fetch, requests } = fakeFetch(() =>
        Response.json({ error: { code: status, message: "no", status: "PERMISSION_DENIED" } }, {
          status,
        })
      );
      const { promise } = call(fetch);
      await assert.rejects(promise, { status, code: "ERR_IAM_ACCESS_TOKEN_FAILED" });
      assert.equal(requests.length, 1);
    });
  }
});

Deno.test("generateAccessToken() retries network errors and reports status 0", async () => {
  const { fetch, requests } = fakeFetch(() => {
    throw new TypeError("connection reset by peer");
  });
  const { promise } = call(fetch);
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof GoogleApiError);
  assert.equal(error.status, 0);
  assert.match(error.message, /network error: connection reset by peer \(after 4 attempts\)/);
  assert.ok(error.cause instanceof TypeError);
  assert.equal(requests.length, 4);
});

Deno.test("generateAccessToken() ends at once, unretried, on an AuthError the fetch throws", async () => {
  const refused = new CredentialsError(
    "ERR_OPTIONS_INVALID",
    "Cannot use the proxy in HTTPS_PROXY",
  );
  const { fetch, requests } = fakeFetch(() => {
    throw refused;
  });
  const { promise, delays } = call(fetch);
  assert.equal(await promise.then(() => undefined, (e) => e), refused);
  assert.equal(requests.length, 1);
  assert.deepEqual(delays, []);
});

Deno.test("generateAccessToken() times out a hung attempt, even when fetch ignores the signal", async () => {
  const { fetch, requests } = fakeFetch((_, i) => i === 0 ? new Promise<Response>(() => {}) : OK());
  const { promise } = call(fetch, { timeoutMs: 20 });
  assert.equal((await promise).token, "ya29.ok");
  assert.equal(requests.length, 2);
});

Deno.test("generateAccessToken() reports a timeout when every attempt hangs", async () => {
  const { fetch, requests } = fakeFetch(() => new Promise<Response>(() => {}));
  const { promise } = call(fetch, { timeoutMs: 10, retry: { attempts: 2 } });
  await assert.rejects(promise, (error: GoogleApiError) => {
    assert.equal(error.status, 0);
    assert.match(error.message, /timeout: Timed out after 10 ms \(after 2 attempts\)/);
    return true;
  });
  assert.equal(requests.length, 2);
});

Deno.test("generateAccessToken() retries a body that breaks off mid-stream", async () => {
  const { fetch, requests } = fakeFetch((_, i) => {
    if (i > 0) return OK();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"accessToken":"ya'));
        controller.error(new TypeError("socket closed"));
      },
    });
    return new Response(body, { status: 200 });
  });
  const { promise } = call(fetch);
  assert.equal((await promise).token, "ya29.ok");
  assert.equal(requests.length, 2);
});

Deno.test("generateAccessToken() rejects with the caller's reason when the signal aborts", async () => {
  const controller = new AbortController();
  const { fetch, requests } = fakeFetch(() => {
    controller.abort(new Error("stop"));
    return new Response("", { status: 503 });
  });
  const { promise } = call(fetch, { signal: controller.signal });
  await assert.rejects(promise, /stop/);
  assert.equal(requests.length, 1);
});

Deno.test("generateAccessToken() fails clearly on 200 with no JSON or no token, without retrying", async (t) => {
  const rows: [string, () => Response][] = [
    ["HTML", () => new Response("<html>proxy</html>", { status: 200 })],
    ["truncated JSON", () => new Response('{"accessToken": "ya29', { status: 200 })],
    ["empty", () => new Response("", { status: 200 })],
    ["missing field", () => Response.json({ expireTime: "2030-01-01T00:00:00Z" })],
    ["wrong type", () => Response.json({ accessToken: 42 })],
  ];
  for (const [name, answer] of rows) {
    await t.step(name, async () => {
      const { fetch, requests } = fakeFetch(answer);
      const { promise } = call(fetch);
      await assert.rejects(promise, (error) => {
        assert.ok(error instanceof TokenError);
        assert.equal(error.code, "ERR_TOKEN_RESPONSE_INVALID");
        assert.equal(error.status, 200, "the status of the answer that lacked the token");
        assert.match(
          error.message,
          /^Failed to generate Google Cloud OAuth 2\.0 Access Token for .*HTTP 200/,
        );
        return true;
      });
      assert.equal(requests.length, 1);
    });
  }
});

Deno.test("generateAccessToken() stops retrying when the budget is spent", async () => {
  let clock = 0;
  const { fetch, requests } = fakeFetch(() => new Response("", { status: 500 }));
  const promise = generateAccessToken({
    serviceAccount: SA,
    authToken: AUTH,
    fetch,
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    retry: { attempts: 100, baseDelayMs: 1000, maxDelayMs: 1000, budgetMs: 2500 },
  });
  await assert.rejects(promise, { status: 500 });
  assert.ok(clock < 2500);
  assert.ok(requests.length >= 1 && requests.length <= 100);
});

Deno.test("generateAccessToken() keeps the bearer token out of errors that echo it", async () => {
  const { fetch } = fakeFetch((request) =>
    Response.json({
      error: {
        code: 401,
        message: `Request had invalid authentication credentials: ${
          request.headers.get("authorization")
        }`,
        status: "UNAUTHENTICATED",
      },
    }, { status: 401 })
  );
  const { promise } = call(fetch);
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof GoogleApiError);
  for (
    const text of [error.message, error.hint, error.googleMessage ?? "", JSON.stringify(error)]
  ) {
    assert.ok(!text.includes(AUTH), text);
  }
});

/** A body that sends `chunk` whenever asked, forever, and records when it is cancelled. */
function endlessBody(
  chunk: Uint8Array,
): { body: ReadableStream<Uint8Array>; state: { pulled: number; cancelled: boolean } } {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

Deno.test("generateAccessToken() cancels a body that stalls after the headers when the attempt times out", async () => {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"accessToken":'));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  // A fetch that, like Node 20's with redirect: "error", ignores the signal once headers are in.
  const fetch = () => Promise.resolve(new Response(body, { status: 200 }));
  const { promise } = call(fetch, { timeoutMs: 20, retry: { attempts: 1 } });
  await assert.rejects(promise, /timeout: Timed out after 20 ms/);
  assert.ok(state.cancelled, "the body reader was cancelled");
});

Deno.test("generateAccessToken() reads at most MAX_BODY_BYTES of a body that never ends", async (t) => {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  await t.step("200: not a token answer, not retried", async () => {
    const { body, state } = endlessBody(chunk);
    const { fetch, requests } = fakeFetch(() => new Response(body, { status: 200 }));
    const { promise } = call(fetch, { timeoutMs: 60_000 });
    await assert.rejects(promise, (error: TokenError) => {
      assert.equal(error.code, "ERR_TOKEN_RESPONSE_INVALID");
      assert.match(error.message, new RegExp(`HTTP 200 with a body over ${MAX_BODY_BYTES} bytes`));
      return true;
    });
    assert.equal(requests.length, 1);
    assert.ok(state.cancelled, "the body reader was cancelled");
    assert.ok(state.pulled <= MAX_BODY_BYTES + 2 * chunk.byteLength, `${state.pulled} bytes read`);
  });
  await t.step("403: the error is built from the head of the body", async () => {
    const { body, state } = endlessBody(new TextEncoder().encode("denied ".repeat(1000)));
    const { fetch } = fakeFetch(() => new Response(body, { status: 403 }));
    const { promise } = call(fetch, { timeoutMs: 60_000 });
    await assert.rejects(promise, (error: GoogleApiError) => {
      assert.equal(error.status, 403);
      assert.match(error.message, /HTTP 403: denied denied .*… \(\d+ more characters\)$/);
      assert.ok(error.message.length < 1000, `${error.message.length} characters`);
      return true;
    });
    assert.ok(state.cancelled, "the body reader was cancelled");
  });
});

const [node20Runtime, node24Runtime] = await Promise.all([node20(), node24()]);

/** Node 20 and 24 when found; in CI a missing one fails the run. */
function hostileNodes(): { node20?: Runtime; node24?: Runtime } {
  const nodes: { node20?: Runtime; node24?: Runtime } = {};
  if (node20Runtime !== undefined || RUNTIMES_REQUIRED) {
    nodes.node20 = required(node20Runtime, "Node 20");
  }
  if (node24Runtime !== undefined || RUNTIMES_REQUIRED) {
    nodes.node24 = required(node24Runtime, "Node 24");
  }
  return nodes;
}

Deno.test("exchangeToken() against a server that drips, never ends or sends 8 MiB: the call and its process end, the connection is closed", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    const runtimes = await hostileCallCommands(dir, hostileNodes());
    await Promise.all(runtimes.map(([name, command]) =>
      t.step({
        name,
        sanitizeOps: false,
        sanitizeResources: false,
        sanitizeExit: false,
        fn: async () => {
          const server = await startHostileServer();
          try {
            // One process per runtime makes the three calls: a drip is cut by the attempt's
            // timeout; the others by the size cap, well before it.
            const calls = HOSTILE_KINDS.map((kind) =>
              `${server.url}/${kind},${kind === "drip" ? 300 : 60_000},1`
            );
            const { stdout } = await run(command[0]!, [...command.slice(1), ...calls], {
              timeout: 60_000,
              killSignal: "SIGKILL",
            }).catch((error) => {
              throw new Error(`${name}: the process did not end by itself: ${error}`);
            });
            const outcomes = stdout.trim().split("\n").map((line, index) => ({
              kind: HOSTILE_KINDS[index],
              ...JSON.parse(line) as { code: string; message: string },
            }));
            assert.equal(outcomes.length, HOSTILE_KINDS.length, stdout);
            for (const { kind, code, message } of outcomes) {
              if (kind === "drip") {
                assert.equal(code, "ERR_STS_EXCHANGE_FAILED", `${kind}: ${message}`);
                assert.match(message, /timeout: Timed out after 300 ms$/);
              } else {
                assert.equal(code, "ERR_TOKEN_RESPONSE_INVALID", `${kind}: ${message}`);
                assert.match(message, /HTTP 200 with a body over 1048576 bytes/);
              }
            }
            await server.allClosed();
            assert.ok(
              server.written.endless < 64 * 2 ** 20,
              `${server.written.endless} bytes sent`,
            );
          } finally {
            await server.close();
          }
        },
      })
    ));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("generateAccessToken() shortens every field a server sends before it reaches an error", async (t) => {
  const huge = "m".repeat(512 * 1024);
  const rows: [string, () => Response][] = [
    [
      "Google error.message and error.status",
      () => Response.json({ error: { code: 400, message: huge, status: huge } }, { status: 400 }),
    ],
    [
      "OAuth error and error_description",
      () => Response.json({ error: huge, error_description: huge }, { status: 400 }),
    ],
    ["a top-level message", () => Response.json({ message: huge }, { status: 400 })],
    ["a body that is not JSON", () => new Response(huge, { status: 400 })],
    ["a network error's message", () => Promise.reject(new TypeError(huge)) as never],
  ];
  for (const [name, answer] of rows) {
    await t.step(name, async () => {
      const { fetch } = fakeFetch(answer);
      const error = await call(fetch, { retry: { attempts: 1 } }).promise.catch((e) => e);
      assert.ok(error instanceof GoogleApiError, String(error));
      assert.ok(error.message.length < 2 * MAX_SERVER_TEXT, `${error.message.length} characters`);
      assert.match(error.message, /… \(\d+ more characters\)/);
      assert.ok((error.googleMessage ?? "").length < MAX_SERVER_TEXT + 50);
      assert.ok((error.googleStatus ?? "").length < 200);
    });
  }
});

Deno.test("generateAccessToken() never shows part of a secret a long server message cuts", async () => {
  for (let offset = 1; offset < AUTH.length; offset++) {
    const message = `${"x".repeat(MAX_SERVER_TEXT - offset)}${AUTH} and more`;
    const { fetch } = fakeFetch(() =>
      Response.json({ error: { code: 401, message, status: "UNAUTHENTICATED" } }, { status: 401 })
    );
    const error = await call(fetch).promise.catch((e) => e);
    for (const text of [error.message, error.googleMessage]) {
      assert.doesNotMatch(text, /bearer-s/, `cut ${offset} characters into the secret: ${text}`);
    }
  }
});

Deno.test("expiresIn() and expireTimeOf() read an expiry or refuse one that gives no valid date", () => {
  const now = () => 1_000_000;
  assert.equal(expiresIn({}, "expires_in", now), undefined);
  assert.equal(expiresIn({ expires_in: 60 }, "expires_in", now)?.getTime(), 1_060_000);
  assert.equal(expiresIn({ expires_in: "60" }, "expires_in", now)?.getTime(), 1_060_000);
  for (const bad of [0, -5, "soon", null, 1e300, true]) {
    assert.throws(
      () => expiresIn({ expires_in: bad }, "expires_in", now),
      (error) =>
        error instanceof TokenError && error.code === "ERR_TOKEN_RESPONSE_INVALID" &&
        error.message.startsWith('The token response has an invalid "expires_in": '),
      String(bad),
    );
  }
  assert.equal(expireTimeOf({}, "expireTime"), undefined);
  assert.equal(
    expireTimeOf({ expireTime: "2030-01-01T00:00:00Z" }, "expireTime")?.toISOString(),
    "2030-01-01T00:00:00.000Z",
  );
  for (const bad of ["later", 1_900_000_000, "+275761-01-01T00:00:00Z"]) {
    assert.throws(() => expireTimeOf({ expireTime: bad }, "expireTime"), TokenError, String(bad));
  }
});

// Redirects: every call asks for redirect: "manual" (the one value every runtime takes besides
// "follow"; workerd refuses "error"), and a 3xx is the network error "error" made of it.
Deno.test("generateAccessToken() asks for redirect: manual and fails on any 3xx, never following it", async (t) => {
  for (const status of [300, 301, 302, 303, 304, 307, 308]) {
    await t.step(`${status}`, async () => {
      const inits: (RequestInit | undefined)[] = [];
      let cancelled = 0;
      const fetch = (_input: Request | URL | string, init?: RequestInit) => {
        inits.push(init);
        const body = new ReadableStream({ cancel: () => void cancelled++ });
        return Promise.resolve(
          new Response(status === 304 ? null : body, {
            status,
            headers: { location: "https://elsewhere.example/" },
          }),
        );
      };
      const error = await generateAccessToken({
        serviceAccount: "ci@p.iam.gserviceaccount.com",
        authToken: "bearer-secret",
        fetch,
        sleep: fakeSleep().sleep,
      }).then(() => undefined, (e) => e);
      assert.ok(error instanceof GoogleApiError);
      assert.equal(error.status, 0);
      assert.match(error.message, /network error: fetch failed \(unexpected redirect\)/);
      assert.ok(inits.length > 0 && inits.every((init) => init?.redirect === "manual"));
      assert.equal(cancelled, status === 304 ? 0 : inits.length);
    });
  }
});
