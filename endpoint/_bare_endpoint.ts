// endpoint() without GitHub's media types (no `mediaType` formats, no GraphQL previews) and
// without GitHub's base URL and accept header: the builder auth/ describes Google's routes with.
// Merging, URL templates, query strings and bodies are endpoint()'s own, so a call that sets no
// `mediaType` gives the same request options from both; a bundle that uses only this builder
// leaves the media type code out, and the `defaults()`/`merge()` chain too (auth/ has no use for
// it: every call passes its `baseUrl`).
import { _mergeWithoutPreviews } from "./_merge.ts";
import { _parseWith } from "./_parse.ts";
import { _USER_AGENT } from "./_user_agent.ts";
import type { EndpointOptions, RequestOptions, Route } from "./types.ts";

/** What {@linkcode _bareEndpoint} merges each call onto: the method and the package user-agent. */
export const _BARE_DEFAULTS: Readonly<{ method: "GET"; headers: { "user-agent": string } }> = {
  method: "GET",
  headers: { "user-agent": _USER_AGENT },
};

/** {@linkcode endpoint}`(route, options)` for routes that need no media types. */
export function _bareEndpoint(route: Route, options: EndpointOptions): RequestOptions {
  return _parseWith(_mergeWithoutPreviews(_BARE_DEFAULTS, route, options));
}
