/**
 * {@linkcode runNodeStep}: the step's main phase under Node, as both main bundles run it
 * (`dist/main_key.mjs` and `dist/main_full.mjs`, see build_dist.ts).
 *
 * @module
 */

import {
  debug,
  exportVariable,
  getInput,
  getState,
  info,
  isDebug,
  notice,
  saveState,
  setFailed,
  setOutput,
  setSecret,
  warning,
} from "@actions/core";
import { useDirectStdout } from "./stdout.ts";
import { nodeRs256 } from "./rs256.ts";
import { type FetchLike, run } from "../main.ts";
import { createNodeFetch } from "./fetch.ts";

// Named imports only: the bundle then carries none of @actions/core's OIDC, summary or platform
// code (build_dist.ts checks that). Calls go over node:http/node:https with the runner's proxy
// variables, not Node's fetch (which loads undici, about 90 ms, and ignores proxies). The
// transport is made, and the Node modules it takes are loaded, on the first call, so a run that
// makes none (key mode without a token) does not pay for them. It is imported statically: a
// dynamic import made the bundler wrap node_fetch.ts and every module it shares with the rest
// (auth/errors.ts among them) in functions run at start-up, whose code V8 then parsed twice, about
// 0.7M more instructions per key mode run (cachegrind, Node 24.21). Key mode signs over
// node:crypto rather than Web Crypto (see _node_rs256.ts); nothing else loads either (see
// _random.ts).
let transport: FetchLike | undefined;
const fetch: FetchLike = (input, init) => {
  transport ??= createNodeFetch();
  return transport(input, init);
};

/**
 * Runs the step's main phase with `@actions/core`, the Node transport and signer, then ends the
 * process with the run's exit code.
 *
 * @returns Never: the process ends when the run is done.
 */
export async function runNodeStep(): Promise<never> {
  useDirectStdout();
  await run({
    getInput: (name) => getInput(name),
    setOutput,
    saveState,
    getState,
    exportVariable,
    setSecret,
    isDebug,
    debug,
    info,
    notice,
    warning,
    setFailed,
  }, { env: process.env, fetch, signRs256: nodeRs256 });
  // Every line, output and file is written synchronously by now, and no socket or timer is left:
  // ending here skips Node's teardown of the environment, about 6 ms of a key mode run (Node
  // 24.21, 41 paired runs). The exit code is what setFailed left in process.exitCode.
  process.exit();
}
