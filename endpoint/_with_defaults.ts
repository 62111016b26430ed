// Builds an endpoint function bound to its defaults, with .DEFAULTS/.defaults/.merge/.parse.
import type { _merge } from "./_merge.ts";
import type { _parse } from "./_parse.ts";
import type { EndpointDefaults, EndpointInterface, EndpointOptions, Route } from "./types.ts";

/** The merge and parse steps a builder uses: GitHub's (with media types) or the bare ones. */
export interface _Steps {
  merge: typeof _merge;
  parse: typeof _parse;
}

/**
 * An endpoint function whose `DEFAULTS` is `newDefaults` (a route string or options) merged onto
 * `oldDefaults`, merging and parsing with `steps`.
 */
export function _withDefaults<D extends object>(
  oldDefaults: EndpointDefaults | null,
  newDefaults: unknown,
  steps: _Steps,
): EndpointInterface<D> {
  const { merge, parse } = steps;
  const DEFAULTS = merge(oldDefaults, newDefaults) as EndpointDefaults & D;
  const endpoint = (route: Route | EndpointOptions, options?: EndpointOptions) =>
    parse(merge(DEFAULTS, route, options));
  return Object.assign(endpoint, {
    DEFAULTS,
    defaults: <O extends EndpointOptions>(newDefaults: O): EndpointInterface<D & O> =>
      _withDefaults<D & O>(DEFAULTS, newDefaults, steps),
    merge: (route?: Route | EndpointOptions, options?: EndpointOptions) =>
      merge(DEFAULTS, route, options) as EndpointDefaults & D,
    parse,
  });
}
