// An in-memory ActionCore for unit tests: records every call in order.
import type { ActionCore } from "../../action/core.ts";

export interface FakeCore extends ActionCore {
  inputs: Record<string, string>;
  stateIn: Record<string, string>;
  outputs: Map<string, string>;
  saved: Map<string, string>;
  exported: Map<string, string>;
  /** Every call as `kind:text`, in order. */
  log: string[];
  failed: string[];
}

export function fakeCore(
  inputs: Record<string, string> = {},
  stateIn: Record<string, string> = {},
): FakeCore {
  const core: FakeCore = {
    inputs,
    stateIn,
    outputs: new Map(),
    saved: new Map(),
    exported: new Map(),
    log: [],
    failed: [],
    getInput: (name) => (inputs[name] ?? "").trim(),
    setOutput: (name, value) => {
      core.outputs.set(name, value);
      core.log.push(`output:${name}=${value}`);
    },
    saveState: (name, value) => core.saved.set(name, value),
    getState: (name) => stateIn[name] ?? "",
    exportVariable: (name, value) => core.exported.set(name, value),
    setSecret: (value) => core.log.push(`mask:${value}`),
    isDebug: () => true,
    debug: (message) => core.log.push(`debug:${message}`),
    info: (message) => core.log.push(`info:${message}`),
    notice: (message) => core.log.push(`notice:${message}`),
    warning: (message) => core.log.push(`warning:${message}`),
    setFailed: (message) => {
      core.failed.push(message);
      core.log.push(`error:${message}`);
    },
  };
  return core;
}
