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
import { run } from "./main.ts";

// Named imports only: the bundle then carries none of @actions/core's OIDC, summary or platform
// code (build_dist.ts checks that).
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
}, { env: process.env });
