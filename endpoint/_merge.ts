// merge(): a route string or options object plus call options, merged onto defaults. Pure: no
// argument and no defaults object is ever mutated.
import { _assignSafe, _isPlainObject, _isUnsafeKey, _mergeDeep } from "./_merge_deep.ts";
import type { EndpointDefaults } from "./types.ts";

type _Record = Record<string, unknown>;

const GRAPHQL_SUFFIX = "/graphql";
const PREVIEW_SUFFIX = /-preview$/;

/** Splits a route string as @octokit/endpoint does: on single spaces, keeping pieces 0 and 1. */
function _routeToOptions(route: string): _Record {
  const firstSpace = route.indexOf(" ");
  if (firstSpace === -1) return { url: route };
  const secondSpace = route.indexOf(" ", firstSpace + 1);
  const url = route.slice(firstSpace + 1, secondSpace === -1 ? undefined : secondSpace);
  const method = route.slice(0, firstSpace);
  return url ? { method, url } : { url: method };
}

/** Lowercased header names without `undefined` values; the last of two same-name keys wins. */
function _normalizeHeaders(headers: unknown): _Record {
  const result: _Record = {};
  if (!headers) return result;
  const source = headers as _Record;
  let hasUndefined = false;
  for (const key of Object.keys(source)) {
    const name = key.toLowerCase();
    if (_isUnsafeKey(name)) continue;
    const value = source[key];
    if (value === undefined) hasUndefined = true;
    result[name] = value;
  }
  if (hasUndefined) _removeUndefined(result);
  return result;
}

function _removeUndefined(options: _Record): void {
  for (const key of Object.keys(options)) {
    if (options[key] === undefined) delete options[key];
  }
}

function _withoutPreviewSuffix(preview: unknown): unknown {
  return typeof preview === "string" ? preview.replace(PREVIEW_SUFFIX, "") : preview;
}

function _asList(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

/**
 * For URLs ending in `/graphql`: previews from the defaults that the call does not repeat (with or
 * without `-preview`) come first, then the call's, all without `-preview`. Writes a new
 * `mediaType` object. Idempotent: merging a merged result again (as @octokit/request does when a
 * hook is set) gives the same previews.
 */
function _normalizeGraphqlPreviews(merged: _Record, defaults: _Record | null): void {
  const mediaType = merged.mediaType;
  if (!_isPlainObject(mediaType)) return;
  const defaultsMediaType = defaults?.mediaType;
  const defaultPreviews = _isPlainObject(defaultsMediaType)
    ? _asList(defaultsMediaType.previews)
    : [];
  const previews = _asList(mediaType.previews).map(_withoutPreviewSuffix);
  const fromDefaults = defaultPreviews.map(_withoutPreviewSuffix)
    .filter((preview) => !previews.includes(preview));
  merged.mediaType = { ...mediaType, previews: fromDefaults.concat(previews) };
}

/**
 * Merges `route` and `options` onto `defaults`.
 *
 * - A string `route` gives `method` and `url`; `options` apply on top. An object `route` is the
 *   options and the second argument is ignored.
 * - Header names are lowercased; `undefined` top-level values and header values are dropped.
 * - Plain objects merge deeply; anything else replaces the default.
 */
export function _merge(
  defaults: _Record | null,
  route: unknown,
  options?: unknown,
): EndpointDefaults {
  const merged = _mergeWithoutPreviews(defaults, route, options);
  if (typeof merged.url === "string" && merged.url.endsWith(GRAPHQL_SUFFIX)) {
    _normalizeGraphqlPreviews(merged, defaults);
  }
  return merged;
}

/** {@linkcode _merge} without the GraphQL previews normalization (for a builder with no media types). */
export function _mergeWithoutPreviews(
  defaults: _Record | null,
  route: unknown,
  options?: unknown,
): EndpointDefaults {
  const call = typeof route === "string"
    ? _assignSafe(_routeToOptions(route), options)
    : _assignSafe({}, route);
  call.headers = _normalizeHeaders(call.headers);
  _removeUndefined(call);
  return _mergeDeep(defaults ?? {}, call) as EndpointDefaults;
}
