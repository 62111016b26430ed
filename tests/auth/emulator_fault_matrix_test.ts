// The fault matrix over real loopback sockets: every call (the GitHub OIDC request and each Google
// call) of the flow that reaches it, against the emulator's injected faults. Each case either
// succeeds within the retry budget or fails with the call's error code within the documented
// bound (calls x budget, docs/reliability.md); 4xx other than 408/429 and unusable 2xx bodies are
// never retried; no error text or log line holds a secret. Prints the matrix as a markdown table.
import assert from "node:assert/strict";
import {
  authenticate,
  type AuthenticateOptions,
  type AuthenticateResult,
  AuthError,
  type AuthErrorCode,
  GithubOidcError,
  GoogleApiError,
  type RetryOptions,
  TokenError,
} from "../../auth/mod.ts";
import type { Emulator, EmulatorFault, RecordedRequest } from "../../emulator/mod.ts";
import { keySecrets, requestSecrets } from "../support/secrets.ts";
import { wifOptions as wif, withEmulator } from "../../tools/emulator_calls.ts";
import { MESSAGE_PREFIXES as PREFIXES, type Route } from "../support/flows.ts";

/**
 * Per-attempt timeout of the "slow" cases only: small, so they cost little. Every other case keeps
 * the library's 5 s: with 500 ms everywhere, a loaded machine turned a slow healthy answer (or a
 * slow 401) into a timeout, the retry then met no fault, and "401 once" succeeded.
 */
const TIMEOUT_MS = 500;
/** How long a slow answer is held back: well past the timeout. */
const SLOW_MS = 1_000;
/** The default budget of one call (docs/reliability.md, auth/_transport/retry.ts). */
const DEFAULT_BUDGET_MS = 10_000;
/**
 * The retry policy of the persistent faults: a 4 s budget keeps the file quick, and a 50 ms backoff
 * base leaves the 4 timed-out attempts of "slow always" (4 x 500 ms + at most 350 ms of backoff)
 * well inside it on a loaded machine.
 */
const PERSISTENT: RetryOptions = { budgetMs: 4_000, baseDelayMs: 50 };
/** Slack over the documented bound for building the error and scheduling under load. */
const SLACK_MS = 2_000;

interface Flow {
  name: string;
  /** The calls the flow makes, in order. */
  routes: readonly Route[];
  options: (emulator: Emulator, key: string) => AuthenticateOptions;
  /** The token the flow asks for, checked on success. */
  token: (emulator: Emulator, result: AuthenticateResult) => void;
}

const accessToken = (kind: string) => (emulator: Emulator, result: AuthenticateResult) => {
  assert.equal(emulator.tokenInfo(result.accessToken ?? "")?.kind, kind);
};

const WIF_ACCESS: Flow = {
  name: "WIF + SA access token",
  routes: ["oidc", "sts", "generateAccessToken"],
  options: (emulator) => wif(emulator),
  token: accessToken("service_account"),
};

const FLOWS: Record<Route, Flow> = {
  oidc: WIF_ACCESS,
  sts: WIF_ACCESS,
  generateAccessToken: WIF_ACCESS,
  generateIdToken: {
    name: "WIF + SA ID token",
    routes: ["oidc", "sts", "generateIdToken"],
    options: (emulator) =>
      wif(emulator, { tokenFormat: "id_token", idTokenAudience: "https://svc.example" }),
    token: (_, result) => assert.equal(result.idToken?.split(".").length, 3),
  },
  signJwt: {
    name: "WIF + SA delegation",
    routes: ["oidc", "sts", "signJwt", "oauth2Token"],
    options: (emulator) => wif(emulator, { accessTokenSubject: "admin@example.com" }),
    token: accessToken("delegated"),
  },
  oauth2Token: {
    name: "key + delegation",
    routes: ["oauth2Token"],
    options: (emulator, key) => ({
      credentialsJson: key,
      endpoints: emulator.endpoints,
      tokenFormat: "access_token",
      accessTokenSubject: "user@example.com",
    }),
    token: accessToken("delegated"),
  },
};

const ROUTES = Object.keys(FLOWS) as Route[];

const CODES: Record<Route, AuthErrorCode> = {
  oidc: "ERR_OIDC_REQUEST_FAILED",
  sts: "ERR_STS_EXCHANGE_FAILED",
  generateAccessToken: "ERR_IAM_ACCESS_TOKEN_FAILED",
  generateIdToken: "ERR_IAM_ID_TOKEN_FAILED",
  signJwt: "ERR_IAM_SIGN_JWT_FAILED",
  oauth2Token: "ERR_OAUTH2_TOKEN_FAILED",
};

type Expect =
  | { ok: number; atLeastMs?: number }
  | {
    remote: number;
    status: number;
    googleStatus?: string;
    message?: RegExp;
    atLeastMs?: number;
  }
  | { token: number };

interface Case {
  name: string;
  fault: EmulatorFault;
  retry?: RetryOptions;
  /**
   * The short per-attempt timeout, for the cases about it. A loaded machine can then time out a
   * healthy attempt too, so the attempt count is a bound (at least 2, at most the expected one
   * for a failure; at least the expected one for a success) rather than exact.
   */
  short?: true;
  expect: Expect;
}

const once = (fault: EmulatorFault): EmulatorFault => ({ ...fault, times: 1 });
const googleError = (code: number, status: string) =>
  JSON.stringify({ error: { code, message: `emulated ${status}`, status } });
const json = { "content-type": "application/json" };
const rejected = (status: number, googleStatus: string): Case => ({
  name: `${status} once`,
  fault: once({ status, headers: json, body: googleError(status, googleStatus) }),
  expect: { remote: 1, status, googleStatus },
});

const CASES: Case[] = [
  { name: "429 without Retry-After, once", fault: once({ status: 429 }), expect: { ok: 2 } },
  {
    name: "429 with Retry-After: 1, once",
    fault: once({ status: 429, headers: { "retry-after": "1" } }),
    expect: { ok: 2, atLeastMs: 950 },
  },
  { name: "408 once", fault: once({ status: 408 }), expect: { ok: 2 } },
  { name: "500 once", fault: once({ status: 500 }), expect: { ok: 2 } },
  { name: "502 once", fault: once({ status: 502 }), expect: { ok: 2 } },
  { name: "503 once", fault: once({ status: 503 }), expect: { ok: 2 } },
  { name: "504 once", fault: once({ status: 504 }), expect: { ok: 2 } },
  { name: "socket reset once", fault: once({ reset: true }), expect: { ok: 2 } },
  {
    name: `slow past the timeout (${SLOW_MS} ms > ${TIMEOUT_MS} ms), once`,
    fault: once({ delayMs: SLOW_MS }),
    short: true,
    expect: { ok: 2 },
  },
  { name: "body truncated mid-stream, once", fault: once({ truncate: true }), expect: { ok: 2 } },
  {
    name: "200 with a body that is not JSON, once",
    fault: once({
      status: 200,
      body: "<html>oops</html>",
      headers: { "content-type": "text/html" },
    }),
    expect: { token: 1 },
  },
  {
    name: "200 `{}` (token field missing), once",
    fault: once({ status: 200, body: "{}", headers: json }),
    expect: { token: 1 },
  },
  {
    name: "503 always (budget 4 s)",
    fault: { status: 503 },
    retry: PERSISTENT,
    expect: { remote: 4, status: 503, message: /: HTTP 503 / },
  },
  {
    name: "reset always (budget 4 s)",
    fault: { reset: true },
    retry: PERSISTENT,
    expect: { remote: 4, status: 0, message: /: network error: / },
  },
  {
    name: "slow past the timeout always (budget 4 s)",
    fault: { delayMs: SLOW_MS },
    retry: PERSISTENT,
    short: true,
    expect: { remote: 4, status: 0, message: /: timeout: Timed out after \d+ ms / },
  },
  {
    name: "429 Retry-After: 60 always (budget 4 s, cap 5 s)",
    fault: { status: 429, headers: { "retry-after": "60" } },
    retry: PERSISTENT,
    expect: { remote: 1, status: 429, message: /: HTTP 429 / },
  },
  {
    name: "429 Retry-After: 60 always (budget 4 s, cap 200 ms)",
    fault: { status: 429, headers: { "retry-after": "60" } },
    retry: { ...PERSISTENT, maxDelayMs: 200 },
    expect: { remote: 4, status: 429, message: /: HTTP 429 /, atLeastMs: 580 },
  },
  {
    // What made "401 once" flaky under load: a 401 the client never saw before its timeout is a
    // timeout, retried, and the retry meets no fault. A 401 that arrives is never retried.
    name: `401 slower than the timeout (${SLOW_MS} ms > ${TIMEOUT_MS} ms), once`,
    fault: once({
      status: 401,
      headers: json,
      body: googleError(401, "UNAUTHENTICATED"),
      delayMs: SLOW_MS,
    }),
    short: true,
    expect: { ok: 2 },
  },
  rejected(400, "INVALID_ARGUMENT"),
  rejected(401, "UNAUTHENTICATED"),
  rejected(403, "PERMISSION_DENIED"),
  rejected(404, "NOT_FOUND"),
];

function count(requests: readonly RecordedRequest[], route: Route): number {
  return requests.filter((r) => r.route === route).length;
}

function assertNoSecret(texts: readonly string[], secrets: readonly string[]): void {
  for (const text of texts) {
    assert.doesNotMatch(text, /PRIVATE KEY/, `key material in: ${text}`);
    for (const secret of secrets) {
      assert.ok(!text.includes(secret), `a secret (${secret.slice(0, 6)}…) in: ${text}`);
    }
  }
}

interface Row {
  route: Route;
  flow: string;
  fault: string;
  outcome: string;
  attempts: number;
  ms: number;
  ok: boolean;
}

async function runCase(
  emulator: Emulator,
  key: string,
  route: Route,
  fault: Case,
): Promise<Row> {
  const flow = FLOWS[route];
  const before = emulator.requests.length;
  const secrets: string[] = [];
  const logs: string[] = [];
  emulator.injectFault(route, fault.fault);
  const start = performance.now();
  const outcome = await authenticate({
    ...flow.options(emulator, key),
    ...(fault.short ? { timeoutMs: TIMEOUT_MS } : {}),
    ...(fault.retry === undefined ? {} : { retry: fault.retry }),
    onSecret: (value) => secrets.push(value),
    log: { debug: (m) => logs.push(m), info: (m) => logs.push(m) },
  }).then((result) => ({ result }), (error: unknown) => ({ error }));
  const ms = Math.round(performance.now() - start);
  emulator.clearFaults();
  const requests = emulator.requests.slice(before);
  const attempts = count(requests, route);

  // The documented bound: a flow's calls run one after another, each within its budget.
  const budget = fault.retry?.budgetMs ?? DEFAULT_BUDGET_MS;
  const bound = flow.routes.length * budget + SLACK_MS;
  assert.ok(ms <= bound, `${ms} ms over the bound of ${bound} ms`);

  const texts = [...logs];
  if ("error" in outcome && outcome.error instanceof AuthError) {
    const e = outcome.error;
    texts.push(e.message, e.hint, e.googleMessage ?? "", String(e.stack ?? ""));
  }
  assertNoSecret(texts, [
    emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN!,
    ...secrets,
    ...requestSecrets(requests),
    ...keySecrets(key),
  ]);

  const expect = fault.expect;
  if ("ok" in expect) {
    assert.ok("result" in outcome, `expected success, got ${"error" in outcome && outcome.error}`);
    flow.token(emulator, outcome.result);
    if (fault.short) assert.ok(attempts >= expect.ok, `${attempts} attempts at ${route}`);
    else assert.equal(attempts, expect.ok, `attempts at ${route}`);
    if (expect.atLeastMs !== undefined) {
      assert.ok(ms >= expect.atLeastMs, `Retry-After not honoured: ${ms} ms`);
    }
    for (const other of flow.routes) assert.ok(count(requests, other) >= 1, other);
    return { route, flow: flow.name, fault: fault.name, outcome: "ok", attempts, ms, ok: true };
  }
  assert.ok("error" in outcome, `expected a failure, got success after ${attempts} attempts`);
  const error = outcome.error;
  assert.ok(error instanceof AuthError, String(error));
  assert.match(error.message, PREFIXES[route]);
  assert.ok(error.hint.length > 0);
  if ("token" in expect) {
    assert.ok(error instanceof TokenError, `${error.name}: ${error.message}`);
    assert.equal(error.code, "ERR_TOKEN_RESPONSE_INVALID");
    assert.equal(error.status, 200);
    assert.equal(attempts, expect.token, `attempts at ${route}`);
  } else {
    assert.ok(
      route === "oidc" ? error instanceof GithubOidcError : error instanceof GoogleApiError,
      `${error.name}: ${error.message}`,
    );
    assert.equal(error.code, CODES[route]);
    assert.equal(error.status, expect.status);
    if (expect.googleStatus !== undefined) assert.equal(error.googleStatus, expect.googleStatus);
    if (expect.message !== undefined) assert.match(error.message, expect.message);
    if (expect.atLeastMs !== undefined) {
      assert.ok(ms >= expect.atLeastMs, `Retry-After (capped) not honoured: ${ms} ms`);
    }
    if (fault.short) {
      assert.ok(attempts >= 2 && attempts <= expect.remote, `${attempts} attempts at ${route}`);
    } else assert.equal(attempts, expect.remote, `attempts at ${route}`);
    if (expect.remote > 1) {
      // A short fault's last attempts may time out before the emulator records them (under
      // load): the client counts every attempt it made, the emulator those that reached it.
      const made = Number(/after (\d+) attempts\)$/.exec(error.message)?.[1]);
      if (fault.short) {
        assert.ok(made >= attempts && made <= expect.remote, `${error.message} (${attempts} seen)`);
      } else assert.equal(made, attempts, error.message);
    } else assert.doesNotMatch(error.message, /attempts\)$/);
  }
  // A failed call ends the flow: nothing after it is called.
  for (const later of flow.routes.slice(flow.routes.indexOf(route) + 1)) {
    assert.equal(count(requests, later), 0, `${later} called after ${route} failed`);
  }
  return {
    route,
    flow: flow.name,
    fault: fault.name,
    outcome: `${error.code} (${error.status ?? "-"})`,
    attempts,
    ms,
    ok: false,
  };
}

/** Steps that run beside their siblings: the sanitizers would see each other's sockets. */
const SIDE_BY_SIDE = { sanitizeOps: false, sanitizeResources: false, sanitizeExit: false };

/** Runs every case against one call, in order, on an emulator of its own. */
async function matrixOf(route: Route, t: Deno.TestContext): Promise<Row[]> {
  const rows: Row[] = [];
  await withEmulator({}, async (emulator) => {
    const key = await emulator.serviceAccountKey();
    // One clean run first: the cases measure retries, not a cold start's first-use costs.
    await t.step({
      name: "no fault (warm-up)",
      ...SIDE_BY_SIDE,
      fn: async () => {
        const flow = FLOWS[route];
        flow.token(emulator, await authenticate(flow.options(emulator, key)));
      },
    });
    for (const fault of CASES) {
      await t.step({
        name: fault.name,
        ...SIDE_BY_SIDE,
        fn: async () => {
          try {
            rows.push(await runCase(emulator, key, route, fault));
          } finally {
            emulator.clearFaults();
          }
        },
      });
    }
  });
  return rows;
}

Deno.test("authenticate() fault matrix over sockets: every call recovers or fails clearly within the bound", async (t) => {
  const started = performance.now();
  // The six calls run side by side, each against its own emulator, so no case sees another's
  // faults or requests; a case's timings are its own apart from the shared CPU.
  const byRoute = ROUTES.map((): Row[] => []);
  await Promise.all(ROUTES.map((route, i) =>
    t.step({
      name: route,
      ...SIDE_BY_SIDE,
      fn: async (t) => void byRoute[i]!.push(...await matrixOf(route, t)),
    })
  ));
  const rows = byRoute.flat();
  const total = Math.round(performance.now() - started);
  const worst = (ok: boolean) =>
    rows.filter((r) => r.ok === ok).reduce((a, b) => (b.ms > a.ms ? b : a), rows[0]!);
  const worstOk = worst(true);
  const worstFail = worst(false);
  console.log(
    [
      "| call | flow | fault | outcome | attempts | elapsed ms |",
      "| --- | --- | --- | --- | --- | --- |",
      ...rows.map((r) =>
        `| ${r.route} | ${r.flow} | ${r.fault} | ${r.outcome} | ${r.attempts} | ${r.ms} |`
      ),
    ].join("\n"),
  );
  console.log(
    `${rows.length} cases in ${total} ms; worst success ${worstOk.ms} ms (${worstOk.route}: ${worstOk.fault}); ` +
      `worst failure ${worstFail.ms} ms (${worstFail.route}: ${worstFail.fault})`,
  );
  assert.equal(rows.length, ROUTES.length * CASES.length);
});
