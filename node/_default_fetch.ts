/**
 * The default transport of the npm package's Node entry points (build_npm.ts puts this module in
 * place of `auth/_transport/default_fetch.ts`): {@linkcode createNodeFetch}, made at the first call
 * so that an import alone loads no network module. Node's own `fetch` loads undici on first use
 * and ignores the proxy variables (figures in docs/measurements.md).
 *
 * @module
 */
import type { FetchLike, FetchResponse } from "../auth/mod.ts";
import { createNodeFetch } from "./_fetch.ts";

let transport: FetchLike<FetchResponse> | undefined;

/** The transport of a call without `options.fetch`: one Node transport per process. */
export function defaultFetch(): FetchLike<FetchResponse> {
  return transport ??= createNodeFetch();
}
