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
import { useDirectStdout } from "./_direct_stdout.ts";
import { run } from "./main.ts";
import { createNodeFetch } from "./node_fetch.ts";

// Named imports only: the bundle then carries none of @actions/core's OIDC, summary or platform
// code (build_dist.ts checks that). Calls go over node:http/node:https with the runner's proxy
// variables, not Node's fetch (which loads undici, about 90 ms, and ignores proxies).
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
}, { env: process.env, fetch: createNodeFetch() });
