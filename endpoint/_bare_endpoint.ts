// endpoint() without GitHub's media types (no `mediaType` formats, no GraphQL previews) and
// without GitHub's base URL and accept header: the builder auth/ describes Google's routes with.
// Merging, URL templates, query strings and bodies are endpoint()'s own, so a call that sets no
// `mediaType` gives the same request options from both; a bundle that uses only this builder
// leaves the media type code out.
import { _mergeWithoutPreviews } from "./_merge.ts";
import { _parseWith } from "./_parse.ts";
import { _USER_AGENT } from "./_user_agent.ts";
import { _withDefaults } from "./_with_defaults.ts";
import type { EndpointInterface } from "./types.ts";

/** {@linkcode endpoint} for routes that need no media types; every call passes its `baseUrl`. */
export const _bareEndpoint: EndpointInterface = /* @__PURE__ */ _withDefaults(null, {
  method: "GET",
  headers: { "user-agent": _USER_AGENT },
}, { merge: _mergeWithoutPreviews, parse: (options) => _parseWith(options) });
