// Builds an endpoint function bound to its defaults, with .DEFAULTS/.defaults/.merge/.parse.
import { _merge } from "./_merge.ts";
import { _parse } from "./_parse.ts";
import type { EndpointDefaults, EndpointInterface, EndpointOptions, Route } from "./types.ts";

/**
 * An endpoint function whose `DEFAULTS` is `newDefaults` (a route string or options) merged onto
 * `oldDefaults`.
 */
export function _withDefaults<D extends object>(
  oldDefaults: EndpointDefaults | null,
  newDefaults: unknown,
): EndpointInterface<D> {
  const DEFAULTS = _merge(oldDefaults, newDefaults) as EndpointDefaults & D;
  const endpoint = (route: Route | EndpointOptions, options?: EndpointOptions) =>
    _parse(_merge(DEFAULTS, route, options));
  return Object.assign(endpoint, {
    DEFAULTS,
    defaults: <O extends EndpointOptions>(newDefaults: O): EndpointInterface<D & O> =>
      _withDefaults<D & O>(DEFAULTS, newDefaults),
    merge: (route?: Route | EndpointOptions, options?: EndpointOptions) =>
      _merge(DEFAULTS, route, options) as EndpointDefaults & D,
    parse: _parse,
  });
}
