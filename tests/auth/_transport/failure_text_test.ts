// The words of a failed call, without a transport: each kind of failure, and what it must never
// show (the call's secrets, a 2xx body that may be the token itself).
import assert from "node:assert/strict";
import { GoogleApiError, TokenError } from "../../../auth/mod.ts";
import {
  type Attempt,
  attemptsText,
  type CallSpec,
  errorText,
  failureOf,
  invalidBody,
  outOfBudgetText,
  permissionFailure,
  unshownBodyText,
  userinfoFailure,
} from "../../../auth/_transport/failure_text.ts";
import { DEFAULT_RETRY } from "../../../auth/_transport/retry.ts";

const SECRET = "s3cr3t-bearer-value";
const SPEC: CallSpec = {
  message: "Failed to do the thing",
  secrets: [SECRET],
  error: (text, details) => new GoogleApiError("ERR_IAM_ACCESS_TOKEN_FAILED", text, details),
  hint: (details) => details.status === 403 ? "Grant the role" : undefined,
};

function answer(status: number, text: string, type?: string): Attempt {
  const headers = new Headers(type === undefined ? {} : { "content-type": type });
  return { status, headers, text, oversized: false };
}

Deno.test("failureOf() reads Google's and OAuth's error bodies, redacted, with the spec's hint", () => {
  const google = failureOf(
    SPEC,
    answer(
      403,
      JSON.stringify({ error: { status: "PERMISSION_DENIED", message: `no ${SECRET}` } }),
    ),
    undefined,
    "",
  );
  assert.equal(google.message, "Failed to do the thing: HTTP 403 PERMISSION_DENIED: no [REDACTED]");
  assert.equal(google.googleStatus, "PERMISSION_DENIED");
  assert.equal(google.hint, "Grant the role");
  const oauth = failureOf(
    SPEC,
    answer(400, JSON.stringify({ error: "invalid_grant", error_description: "Bad" })),
    undefined,
    attemptsText(1),
  );
  assert.equal(oauth.message, "Failed to do the thing: HTTP 400 invalid_grant: Bad");
  assert.equal(oauth.googleMessage, "Bad");
  const empty = failureOf(SPEC, answer(404, " "), undefined, "");
  assert.equal(empty.message, "Failed to do the thing: HTTP 404 (empty body)");
});

Deno.test("failureOf() at a retryable status keeps the retry-later hint, whatever the spec says", () => {
  const error = failureOf(SPEC, answer(503, "down"), undefined, attemptsText(4));
  assert.equal(error.message, "Failed to do the thing: HTTP 503: down (after 4 attempts)");
  assert.match(error.hint, /Retry later/);
});

Deno.test("failureOf() without an answer names the network failure or the timeout, status 0", () => {
  const cause = new TypeError("fetch failed", { cause: new Error(`refused ${SECRET}`) });
  const network = failureOf(SPEC, undefined, cause, "");
  assert.equal(network.status, 0);
  assert.equal(
    network.message,
    "Failed to do the thing: network error: fetch failed (refused [REDACTED])",
  );
  assert.match(network.hint, /reach the host/);
  const timeout = new DOMException("Timed out after 5 ms", "TimeoutError");
  assert.equal(errorText(timeout, []), "timeout: Timed out after 5 ms");
});

Deno.test("outOfBudgetText() says why a call stopped early, with the server's wait when it asked", () => {
  assert.equal(
    outOfBudgetText(2, DEFAULT_RETRY, 30_000),
    " (the server asked to retry after 30 s; no time left in the 10000 ms retry budget after 2 attempts)",
  );
  assert.equal(
    outOfBudgetText(1, DEFAULT_RETRY),
    " (no time left in the 10000 ms retry budget after 1 attempt)",
  );
});

Deno.test("a 2xx without a token is a TokenError that describes the body without quoting it", () => {
  const body = answer(200, "ya29.the-token-itself", "text/plain");
  const error = invalidBody(SPEC, body, `a body that is not JSON ${unshownBodyText(body, [])}`);
  assert.ok(error instanceof TokenError);
  assert.equal(
    error.message,
    "Failed to do the thing: HTTP 200 with a body that is not JSON (21 characters, text/plain, not shown)",
  );
});

Deno.test("a URL with userinfo and a runtime's refusal are errors of the spec, status 0", () => {
  assert.match(userinfoFailure(SPEC).message, /user name or password \(user:password@\)$/);
  const refusal = permissionFailure(
    SPEC,
    Object.assign(new Error(`Requires net access to "x" ${SECRET}`), { name: "NotCapable" }),
  );
  assert.equal(refusal.status, 0);
  assert.match(
    refusal.message,
    /no permission to make this request \(NotCapable: .*\[REDACTED\]\)/,
  );
  assert.match(refusal.hint, /--allow-net/);
});
