import assert from "node:assert/strict";
import { isRetryableStatus } from "../../../auth/_util/http_status.ts";
import {
  backoffDelay,
  DEFAULT_RETRY,
  retryAfterMs,
  retryPolicy,
} from "../../../auth/_transport/retry.ts";
import { onAbort } from "../../../auth/_util/abort.ts";

Deno.test("isRetryableStatus() retries 408, 429 and 5xx only", async (t) => {
  for (const status of [408, 429, 500, 502, 503, 504, 599]) {
    await t.step(`${status} is retried`, () => assert.equal(isRetryableStatus(status), true));
  }
  for (const status of [200, 301, 400, 401, 403, 404, 409, 412, 422]) {
    await t.step(`${status} is final`, () => assert.equal(isRetryableStatus(status), false));
  }
});

Deno.test("retryAfterMs() reads delta-seconds and HTTP dates", async (t) => {
  const now = Date.parse("2030-01-01T00:00:00Z");
  await t.step("seconds", () => assert.equal(retryAfterMs("3", now), 3000));
  await t.step("padded seconds", () => assert.equal(retryAfterMs(" 0 ", now), 0));
  await t.step("HTTP date", () => {
    assert.equal(retryAfterMs("Tue, 01 Jan 2030 00:00:02 GMT", now), 2000);
  });
  await t.step("date in the past", () => {
    assert.equal(retryAfterMs("Mon, 31 Dec 2029 23:59:00 GMT", now), 0);
  });
  await t.step("absent", () => assert.equal(retryAfterMs(null, now), undefined));
  await t.step("garbage", () => assert.equal(retryAfterMs("soon", now), undefined));
  await t.step("negative", () => assert.equal(retryAfterMs("-5", now), undefined));
  await t.step(
    "huge input",
    () => assert.equal(retryAfterMs("9".repeat(100_000), now), undefined),
  );
});

Deno.test("backoffDelay() is full jitter under min(max, base * 2^n)", () => {
  const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
  assert.equal(backoffDelay(policy, 0, () => 0.999), 99);
  assert.equal(backoffDelay(policy, 3, () => 0.999), 799);
  assert.equal(backoffDelay(policy, 10, () => 0.999), 999);
  assert.equal(backoffDelay(policy, 2, () => 0), 0);
});

Deno.test("retryPolicy() fills defaults and rejects nonsense", () => {
  assert.deepEqual(retryPolicy(), { ...DEFAULT_RETRY });
  assert.equal(retryPolicy({ attempts: 1 }).attempts, 1);
  const invalid = { name: "CredentialsError", code: "ERR_OPTIONS_INVALID", option: "retry" };
  assert.throws(() => retryPolicy({ attempts: 0 }), invalid);
  assert.throws(() => retryPolicy({ attempts: 1.5 }), invalid);
  assert.throws(() => retryPolicy({ budgetMs: -1 }), invalid);
  assert.throws(() => retryPolicy({ baseDelayMs: Number.NaN }), invalid);
  assert.deepEqual(retryPolicy({ maxDelayMs: 0, budgetMs: 7 }), {
    ...DEFAULT_RETRY,
    maxDelayMs: 0,
    budgetMs: 7,
  });
  const message = (options: object) => {
    try {
      retryPolicy(options);
    } catch (error) {
      return (error as Error).message;
    }
  };
  assert.equal(
    message({ attempts: -1, baseDelayMs: -1 }),
    'Cannot use retry option "attempts": expected a finite number >= 0, got -1',
  );
  assert.equal(
    message({ attempts: 0.5, maxDelayMs: -1 }),
    'Cannot use retry option "attempts": expected an integer >= 1, got 0.5',
  );
  assert.equal(
    message({ baseDelayMs: Infinity }),
    'Cannot use retry option "baseDelayMs": expected a finite number >= 0, got Infinity',
  );
});

Deno.test("onAbort() calls its listener once on abort, and not at all once stopped", () => {
  const heard: unknown[] = [];
  const first = new AbortController();
  onAbort(first.signal, () => heard.push(first.signal.reason));
  first.abort("first");
  first.signal.dispatchEvent(new Event("abort"));
  assert.deepEqual(heard, ["first"]);

  const second = new AbortController();
  const stop = onAbort(second.signal, () => heard.push("second"));
  stop();
  second.abort();
  assert.deepEqual(heard, ["first"]);
  assert.doesNotThrow(() => onAbort(undefined, () => heard.push("never"))());
});
