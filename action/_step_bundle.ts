/**
 * Which of the step's two main bundles runs. Key mode without a token calls nothing, and
 * `dist/main.mjs` runs it in `dist/main_key.mjs`, built with every module that calls GitHub or
 * Google left out (see `KEY_MODE_CUTS` in build_dist.ts), so Node parses and sets up less code in
 * each such run. Any other run takes `dist/main_full.mjs`, the whole step. Both report bad inputs
 * alike.
 *
 * @module
 */

/**
 * Whether the inputs ask for key mode without a token (`credentials_json` set,
 * `workload_identity_provider` and `token_format` not), read as the step reads them:
 * `@actions/core` takes the variable `INPUT_<NAME>` and trims it.
 *
 * @param env The process environment.
 * @returns `true` when `dist/main_key.mjs` can run the step.
 *
 * @example Key mode without a token, and with one
 * ```ts
 * import assert from "node:assert/strict";
 * import { keyModeWithoutToken } from "./_step_bundle.ts";
 *
 * assert.equal(keyModeWithoutToken({ INPUT_CREDENTIALS_JSON: "{}" }), true);
 * assert.equal(
 *   keyModeWithoutToken({ INPUT_CREDENTIALS_JSON: "{}", INPUT_TOKEN_FORMAT: "access_token" }),
 *   false,
 * );
 * ```
 */
export function keyModeWithoutToken(env: Readonly<Record<string, string | undefined>>): boolean {
  const set = (name: string) => (env[`INPUT_${name}`] ?? "").trim() !== "";
  return set("CREDENTIALS_JSON") && !set("WORKLOAD_IDENTITY_PROVIDER") && !set("TOKEN_FORMAT");
}
