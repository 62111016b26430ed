// A Web Worker that runs the credentials checks with what a Worker has: fetch, crypto.subtle and
// an injected readFile. It removes the Deno and process globals before it imports auth/, so any
// use of them fails; it imports no node: module. Message in: { authUrl, fixture } (files and the
// metadata host); message out: { checks, tokens, globals } or { error }.
delete globalThis.Deno;
delete globalThis.process;

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

self.onmessage = async (/** @type {MessageEvent} */ event) => {
  const { authUrl, checksUrl, fixture } = event.data;
  const globals = [typeof globalThis.Deno, typeof globalThis.process, typeof globalThis.require];
  try {
    const [{ library: authMod }, { default: check }] = await Promise.all([
      import(authUrl),
      import(checksUrl),
    ]);
    const result = await check(authMod, { ...fixture, ok, equal });
    self.postMessage({ ...result, globals });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error
      ? `: ${error.cause.message}`
      : "";
    self.postMessage({ error: `${String(error)}${cause}`, globals });
  }
};
