// The compiled URL templates endpoint() expands: `:name` at the start of a path segment becomes
// `{name}` (Google's `{+name}:verb` custom methods keep their `:verb`), hyphens are accepted in
// variable names, one trailing slash is removed after expansion, and the options endpoint()
// reserves never fill a placeholder.
import { BoundedCache } from "./_bounded_cache.ts";
import { type ExpandOptions, expandParts } from "./_template_expand.ts";
import { parseTemplateParts, variableNamesOf } from "./_template_syntax.ts";

/** A URL template compiled for endpoint(). */
export interface RouteTemplate {
  /** Every variable name the template uses; these options are not sent as parameters. */
  readonly variableNames: ReadonlySet<string>;
  /** Expands the template with the options as variables. */
  expand(options: object): string;
}

/** Options that are not request parameters and never fill a placeholder. */
export const RESERVED_OPTIONS: ReadonlySet<string> = new Set([
  "method",
  "baseUrl",
  "url",
  "headers",
  "request",
  "mediaType",
]);

/** True for the {@linkcode RESERVED_OPTIONS} (a faster test than the set on hot paths). */
export function isReservedOption(key: string): boolean {
  switch (key) {
    case "method":
    case "baseUrl":
    case "url":
    case "headers":
    case "request":
    case "mediaType":
      return true;
    default:
      return false;
  }
}

/** `:name` right after a `/`: a lowercase letter, then at least one word character. */
const COLON_PLACEHOLDER = /(?<=\/):([a-z]\w+)/g;
const SCHEME_AND_AUTHORITY = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[^/?#]*/;
const CACHE_CAPACITY = 1000;
const CACHE_MAX_URL_LENGTH = 2048;
const cache = /* @__PURE__ */ new BoundedCache<RouteTemplate>(CACHE_CAPACITY, CACHE_MAX_URL_LENGTH);

/** Where the path ends: the first `?` or `#` outside a `{...}` expression. */
function pathEnd(url: string, start: number): number {
  let inExpression = false;
  for (let index = start; index < url.length; index++) {
    const char = url[index];
    if (char === "{") inExpression = true;
    else if (char === "}") inExpression = false;
    else if (!inExpression && (char === "?" || char === "#")) return index;
  }
  return url.length;
}

/**
 * Turns `:name` (a lowercase letter then word characters) into `{name}` where it starts a path
 * segment (right after `/`). Elsewhere `:word` is literal: a custom method such as
 * `/v1/{+name}:generateIdToken` (Google AIP-136), and the scheme, userinfo, host, port, query and
 * fragment.
 */
export function convertColonPlaceholders(url: string): string {
  if (!url.includes(":")) return url;
  const start = SCHEME_AND_AUTHORITY.exec(url)?.[0].length ?? 0;
  const end = pathEnd(url, start);
  const path = url.slice(start, end).replace(COLON_PLACEHOLDER, "{$1}");
  return url.slice(0, start) + path + url.slice(end);
}

function compileTemplate(url: string): RouteTemplate {
  const template = convertColonPlaceholders(url);
  const parts = parseTemplateParts(template, true);
  const variableNames = variableNamesOf(parts);
  const usesReserved = [...variableNames].some(isReservedOption);
  const expandOptions: ExpandOptions = {
    template,
    strict: false,
    unbound: usesReserved ? RESERVED_OPTIONS : undefined,
  };
  return {
    variableNames,
    expand(options: object): string {
      const expanded = expandParts(parts, options, expandOptions);
      return expanded.length > 1 && expanded.endsWith("/") ? expanded.slice(0, -1) : expanded;
    },
  };
}

/**
 * The compiled template for `url`, from a bounded cache.
 *
 * @throws {UriTemplateError} When `url` is not a valid template.
 */
export function routeTemplate(url: string): RouteTemplate {
  return cache.getOrCreate(url, compileTemplate);
}
