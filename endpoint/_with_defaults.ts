// Builds an endpoint function bound to its defaults, with .DEFAULTS/.defaults/.merge/.parse.
import { mergeDefaults } from "./_merge.ts";
import { parseEndpoint } from "./_parse.ts";
import type { EndpointDefaults, EndpointInterface, EndpointOptions, Route } from "./types.ts";

/**
 * An endpoint function whose `DEFAULTS` is `newDefaults` (a route string or options) merged onto
 * `oldDefaults`.
 */
export function withDefaults<D extends object>(
  oldDefaults: EndpointDefaults | null,
  newDefaults: unknown,
): EndpointInterface<D> {
  const DEFAULTS = mergeDefaults(oldDefaults, newDefaults) as EndpointDefaults & D;
  const endpoint = (route: Route | EndpointOptions, options?: EndpointOptions) =>
    parseEndpoint(mergeDefaults(DEFAULTS, route, options));
  return Object.assign(endpoint, {
    DEFAULTS,
    defaults: <O extends EndpointOptions>(newDefaults: O): EndpointInterface<D & O> =>
      withDefaults<D & O>(DEFAULTS, newDefaults),
    merge: (route?: Route | EndpointOptions, options?: EndpointOptions) =>
      mergeDefaults(DEFAULTS, route, options) as EndpointDefaults & D,
    parse: parseEndpoint,
  });
}
