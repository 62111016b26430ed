// The fetch of a call that names none: the runtime's own. The npm package's Node entry points
// swap this module, when the build resolves it, for node/_default_fetch.ts (node:http(s), with the
// proxy variables honoured), so that auth/ itself stays Web-only.
import type { FetchLike, FetchResponse } from "../types.ts";

/** The transport of a call without `options.fetch`: `globalThis.fetch`. */
export function defaultFetch(): FetchLike<FetchResponse> {
  return globalThis.fetch;
}
