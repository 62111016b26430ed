// The fault matrix over an injected fetch and a virtual clock: every call of every flow against
// every fault; each succeeds within the retry budget or fails with a clear error in bounded time.
import assert from "node:assert/strict";
import {
  authenticate,
  AuthError,
  GithubOidcError,
  GoogleApiError,
  TokenError,
} from "../../auth/mod.ts";
import { fakeGoogle, flowFor, MESSAGE_PREFIXES as PREFIXES, type Route } from "../support/flows.ts";

const ROUTES: Route[] = [
  "oidc",
  "sts",
  "generateAccessToken",
  "generateIdToken",
  "signJwt",
  "oauth2Token",
];
const TIMEOUT_MS = 25;

interface Fault {
  name: string;
  answer: (attempt: number) => Response | Promise<Response> | undefined;
  /** "ok" with the attempts it takes, or the failure expected. */
  expect: { ok: number } | { fails: number; status: number; kind: "remote" | "token" };
}

const hang = () => new Promise<Response>(() => {});
const reset = () => Promise.reject(new TypeError("connection reset"));
const broken = () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"access'));
        c.error(new TypeError("socket closed"));
      },
    }),
  );
const once = (fault: () => Response | Promise<Response>) => (attempt: number) =>
  attempt === 1 ? fault() : undefined;
const status = (code: number, headers: Record<string, string> = {}) => () =>
  new Response("{}", { status: code, headers });

const FAULTS: Fault[] = [
  { name: "429 without Retry-After, once", answer: once(status(429)), expect: { ok: 2 } },
  {
    name: "429 with Retry-After: 1, once",
    answer: once(status(429, { "retry-after": "1" })),
    expect: { ok: 2 },
  },
  { name: "500 once", answer: once(status(500)), expect: { ok: 2 } },
  { name: "502 once", answer: once(status(502)), expect: { ok: 2 } },
  { name: "503 twice", answer: (a) => a <= 2 ? status(503)() : undefined, expect: { ok: 3 } },
  { name: "504 three times", answer: (a) => a <= 3 ? status(504)() : undefined, expect: { ok: 4 } },
  { name: "socket reset once", answer: once(reset), expect: { ok: 2 } },
  { name: "slow past the timeout once", answer: once(hang), expect: { ok: 2 } },
  { name: "truncated body once", answer: once(broken), expect: { ok: 2 } },
  { name: "503 always", answer: status(503), expect: { fails: 4, status: 503, kind: "remote" } },
  { name: "reset always", answer: reset, expect: { fails: 4, status: 0, kind: "remote" } },
  { name: "slow always", answer: hang, expect: { fails: 4, status: 0, kind: "remote" } },
  {
    name: "429 Retry-After: 60 always (capped at 5 s)",
    answer: status(429, { "retry-after": "60" }),
    expect: { fails: 2, status: 429, kind: "remote" },
  },
  { name: "400", answer: status(400), expect: { fails: 1, status: 400, kind: "remote" } },
  { name: "403", answer: status(403), expect: { fails: 1, status: 403, kind: "remote" } },
  { name: "404", answer: status(404), expect: { fails: 1, status: 404, kind: "remote" } },
  {
    name: "200 not JSON",
    answer: () => new Response("<html>"),
    expect: { fails: 1, status: 200, kind: "token" },
  },
  {
    name: "200 missing fields",
    answer: () => Response.json({}),
    expect: { fails: 1, status: 200, kind: "token" },
  },
];

Deno.test("authenticate() fault matrix: every call recovers or fails clearly within the budget", async (t) => {
  const rows: string[] = [];
  for (const route of ROUTES) {
    for (const fault of FAULTS) {
      await t.step(`${route}: ${fault.name}`, async () => {
        let clock = 0;
        const secrets: string[] = [];
        const logs: string[] = [];
        const google = fakeGoogle((r, attempt) => r === route ? fault.answer(attempt) : undefined);
        const outcome = await authenticate({
          ...flowFor(route),
          fetch: google.fetch,
          now: () => clock,
          sleep: (ms) => {
            clock += ms;
            return Promise.resolve();
          },
          timeoutMs: TIMEOUT_MS,
          onSecret: (value) => secrets.push(value),
          log: { debug: (m) => logs.push(m), info: (m) => logs.push(m) },
        }).then((result) => ({ result }), (error: unknown) => ({ error }));
        const attempts = google.attempts.get(route) ?? 0;
        const texts = "error" in outcome && outcome.error instanceof AuthError
          ? [outcome.error.message, outcome.error.hint, outcome.error.googleMessage ?? "", ...logs]
          : logs;
        for (const text of texts) {
          for (const secret of secrets) assert.ok(!text.includes(secret), `secret in: ${text}`);
        }
        if ("ok" in fault.expect) {
          assert.ok(
            "result" in outcome,
            `expected success, got ${"error" in outcome ? outcome.error : ""}`,
          );
          assert.equal(attempts, fault.expect.ok);
          rows.push(`| ${route} | ${fault.name} | ok | ${attempts} | ${clock} |`);
          return;
        }
        assert.ok("error" in outcome, "expected a failure");
        const error = outcome.error;
        assert.ok(error instanceof AuthError, String(error));
        assert.equal(attempts, fault.expect.fails);
        assert.match(error.message, PREFIXES[route]);
        if (fault.expect.kind === "token") {
          assert.ok(error instanceof TokenError);
        } else {
          assert.ok(
            route === "oidc" ? error instanceof GithubOidcError : error instanceof GoogleApiError,
          );
          assert.equal(error.status, fault.expect.status);
        }
        assert.ok(clock <= 10_000, `virtual time ${clock} ms over the 10 s budget`);
        rows.push(`| ${route} | ${fault.name} | ${error.code} | ${attempts} | ${clock} |`);
      });
    }
  }
  console.log(
    ["| call | fault | outcome | attempts | virtual backoff ms |", "|---|---|---|---|---|", ...rows]
      .join("\n"),
  );
});
