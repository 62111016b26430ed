// merge(): a route string or options object plus call options, merged onto defaults. Pure: no
// argument and no defaults object is ever mutated.
import { assignSafe, isPlainObject, isUnsafeKey, mergeDeep } from "./_merge_deep.ts";
import type { EndpointDefaults } from "./types.ts";

type AnyRecord = Record<string, unknown>;

const GRAPHQL_SUFFIX = "/graphql";
const PREVIEW_SUFFIX = /-preview$/;

/** Splits a route string as @octokit/endpoint does: on single spaces, keeping pieces 0 and 1. */
function routeToOptions(route: string): AnyRecord {
  const firstSpace = route.indexOf(" ");
  if (firstSpace === -1) return { url: route };
  const secondSpace = route.indexOf(" ", firstSpace + 1);
  const url = route.slice(firstSpace + 1, secondSpace === -1 ? undefined : secondSpace);
  const method = route.slice(0, firstSpace);
  return url ? { method, url } : { url: method };
}

/** Lowercased header names without `undefined` values; the last of two same-name keys wins. */
function normalizeHeaders(headers: unknown): AnyRecord {
  const result: AnyRecord = {};
  if (!headers) return result;
  const source = headers as AnyRecord;
  let hasUndefined = false;
  for (const key of Object.keys(source)) {
    const name = key.toLowerCase();
    if (isUnsafeKey(name)) continue;
    const value = source[key];
    if (value === undefined) hasUndefined = true;
    result[name] = value;
  }
  if (hasUndefined) removeUndefined(result);
  return result;
}

function removeUndefined(options: AnyRecord): void {
  for (const key of Object.keys(options)) {
    if (options[key] === undefined) delete options[key];
  }
}

function withoutPreviewSuffix(preview: unknown): unknown {
  return typeof preview === "string" ? preview.replace(PREVIEW_SUFFIX, "") : preview;
}

function asList(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

/**
 * For URLs ending in `/graphql`: previews from the defaults that the call does not repeat (with or
 * without `-preview`) come first, then the call's, all without `-preview`. Writes a new
 * `mediaType` object. Idempotent: merging a merged result again (as @octokit/request does when a
 * hook is set) gives the same previews.
 */
function normalizeGraphqlPreviews(merged: AnyRecord, defaults: AnyRecord | null): void {
  const mediaType = merged.mediaType;
  if (!isPlainObject(mediaType)) return;
  const defaultsMediaType = defaults?.mediaType;
  const defaultPreviews = isPlainObject(defaultsMediaType)
    ? asList(defaultsMediaType.previews)
    : [];
  const previews = asList(mediaType.previews).map(withoutPreviewSuffix);
  const fromDefaults = defaultPreviews.map(withoutPreviewSuffix)
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
export function mergeDefaults(
  defaults: AnyRecord | null,
  route: unknown,
  options?: unknown,
): EndpointDefaults {
  const merged = mergeWithoutPreviews(defaults, route, options);
  if (typeof merged.url === "string" && merged.url.endsWith(GRAPHQL_SUFFIX)) {
    normalizeGraphqlPreviews(merged, defaults);
  }
  return merged;
}

/** {@linkcode mergeDefaults} without the GraphQL previews normalization (for a builder with no media types). */
export function mergeWithoutPreviews(
  defaults: AnyRecord | null,
  route: unknown,
  options?: unknown,
): EndpointDefaults {
  const call = typeof route === "string"
    ? assignSafe(routeToOptions(route), options)
    : assignSafe({}, route);
  call.headers = normalizeHeaders(call.headers);
  removeUndefined(call);
  return mergeDeep(defaults ?? {}, call) as EndpointDefaults;
}
