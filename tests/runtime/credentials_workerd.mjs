// The credentials checks as a Worker for workerd (`workerd test`): the files come in the FIXTURE
// binding (a Worker has no file system), every call goes over workerd's own fetch to the emulator
// on 127.0.0.1; then Google's V4 signing conformance cases (the CONFORMANCE binding). Prints
// `tokens <json>` for the caller to check with the emulator; a failed check fails the test
// handler, and with it the run.
import { library as authMod } from "../support/library.ts";
import check from "./credentials_checks.mjs";
import checkSigning from "./signing_checks.mjs";

/** @param {unknown} value @param {string} [message] */
function ok(value, message) {
  if (!value) throw new Error(message ?? "expected a truthy value");
}

/** @param {unknown} actual @param {unknown} expected @param {string} [message] */
function equal(actual, expected, message) {
  if (actual !== expected) {
    throw new Error(`${message ?? "values differ"}: ${String(actual)} !== ${String(expected)}`);
  }
}

/** JSON with every object's keys sorted: the same text for objects equal in any key order. */
function canonical(/** @type {unknown} */ value) {
  return JSON.stringify(
    value,
    (_key, member) =>
      member !== null && typeof member === "object" && !Array.isArray(member)
        ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a < b ? -1 : 1))
        : member,
  );
}

/** @param {unknown} actual @param {unknown} expected @param {string} [message] */
function deepEqual(actual, expected, message) {
  equal(canonical(actual), canonical(expected), message);
}

export default {
  /** @param {unknown} _controller @param {{ FIXTURE: any, CONFORMANCE: any }} env */
  async test(_controller, env) {
    try {
      const result = await check(authMod, { ...env.FIXTURE, ok, equal });
      console.log(`checks ${result.checks}`);
      console.log(`tokens ${JSON.stringify(result.tokens)}`);
      const { file, key } = env.CONFORMANCE;
      console.log(`signing ${await checkSigning(authMod, file, key, { equal, deepEqual })}`);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error
        ? `: ${error.cause.message}`
        : "";
      console.log(`failed ${String(error)}${cause}`);
      throw error;
    }
  },
};
