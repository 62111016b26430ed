/**
 * {@linkcode runNodeStep}: the step's main phase under Node, as `dist/main.mjs` runs it (see
 * build_dist.ts).
 *
 * @module
 */

import {
  addPath,
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
import { useDirectStdout } from "../node/stdout.ts";
import { nodeRs256 } from "../node/rs256.ts";
import { type FetchLike, run } from "../main.ts";
import { createNodeFetch } from "../../node/_step.ts";

// Named imports only, so the bundle leaves out @actions/core's OIDC client and platform details
// (the two shims that throw are never reached). Calls go
// over node:http/node:https with the runner's proxy variables, not Node's fetch (which loads
// undici and ignores proxies); the transport is made on the first call, so a run that makes none
// does not load its modules. Imported statically: a dynamic import made the bundler wrap the
// modules it shares with the rest in functions run at start-up (figures in docs/step.md).
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
    addPath,
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
  }, {
    env: process.env,
    fetch,
    signRs256: nodeRs256,
    // The helper runs on the Node running this step, from the bundle next to this one.
    dockerHelper: {
      node: process.execPath,
      module: decodeURIComponent(
        new URL("./docker_credential_helper.mjs", import.meta.url).pathname,
      ),
    },
  });
  // Every line, output and file is written synchronously by now, and no socket or timer is left:
  // ending here skips Node's teardown of the environment. The exit code is what setFailed left.
  process.exit();
}
