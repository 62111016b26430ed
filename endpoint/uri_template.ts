/**
 * Strict RFC 6570 (level 4) URI templates: {@linkcode parseTemplate}.
 *
 * @module
 */
import { BoundedCache } from "./_bounded_cache.ts";
import { describeType } from "./_describe.ts";
import { expandParts } from "./_template_expand.ts";
import { parseTemplateParts, variableNamesOf } from "./_template_syntax.ts";

/**
 * Values a template expands. Strings, numbers, bigints and booleans are scalars; arrays are lists;
 * other objects are maps of their own enumerable keys. `undefined` and `null` (also as list items
 * or map values), empty lists and empty maps are undefined, so they expand to nothing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTemplate, type UriTemplateVariables } from "./mod.ts";
 *
 * const variables: UriTemplateVariables = { path: ["a", "b"], keys: { x: 1 }, none: null };
 * assert.equal(parseTemplate("{/path*}{?keys*,none}").expand(variables), "/a/b?x=1");
 * ```
 */
export type UriTemplateVariables = Readonly<Record<string, unknown>>;

/**
 * A compiled URI template, as {@linkcode parseTemplate} returns it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTemplate, type UriTemplate } from "./mod.ts";
 *
 * const template: UriTemplate = parseTemplate("{+base}/users/{id}");
 * assert.deepEqual(template.variableNames, ["base", "id"]);
 * assert.equal(template.expand({ base: "https://x.example", id: 7 }), "https://x.example/users/7");
 * ```
 */
export interface UriTemplate {
  /** The template text it was compiled from. */
  readonly template: string;
  /** The names of the variables it uses, in order of first appearance, without duplicates. */
  readonly variableNames: readonly string[];
  /**
   * Expands the template.
   *
   * @param variables The values, looked up by own property name.
   * @returns The expanded URI reference.
   * @throws {UriTemplateError} When a prefix modifier (`{var:3}`) meets a list or map value.
   */
  expand(variables: UriTemplateVariables): string;
}

const CACHE_CAPACITY = 500;
const CACHE_MAX_TEMPLATE_LENGTH = 2048;
// Pure: a bundle that never parses a URI template drops the cache.
const cache = /* @__PURE__ */ new BoundedCache<UriTemplate>(
  CACHE_CAPACITY,
  CACHE_MAX_TEMPLATE_LENGTH,
);

function compileTemplate(template: string): UriTemplate {
  const parts = parseTemplateParts(template, false);
  const variableNames = Object.freeze([...variableNamesOf(parts)]);
  const expandOptions = { template, strict: true };
  return Object.freeze({
    template,
    variableNames,
    expand: (variables: UriTemplateVariables): string =>
      expandParts(parts, variables, expandOptions),
  });
}

/**
 * Compiles a URI template, strictly as RFC 6570 level 4 defines it: every operator
 * (`+ # . / ; ? &`), prefix (`{var:3}`) and explode (`{list*}`) modifiers, lists and maps. Prefix
 * lengths count code points; values are UTF-8 percent-encoded; `%XX` triplets survive `+` and `#`
 * expansion while any other `%` becomes `%25`. Compiled templates are cached (bounded), so parsing
 * the same template again is cheap.
 *
 * Unlike {@linkcode endpoint}, which also accepts hyphens in variable names because real APIs use
 * them, this accepts only the RFC grammar.
 *
 * @param template The URI template, such as `/repos/{owner}/{repo}/issues{?state,labels}`.
 * @returns The compiled template, with its variable names and an `expand()` function.
 * @throws {UriTemplateError} When the template is not valid RFC 6570: an unclosed or unmatched
 * brace, a reserved operator (`= , ! @ |`), an invalid variable name, or a prefix length outside
 * 1-9999.
 * @throws {TypeError} When `template` is not a string.
 *
 * @example Expand a template
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTemplate } from "./mod.ts";
 *
 * const template = parseTemplate("/search{?q,labels*}");
 * assert.deepEqual(template.variableNames, ["q", "labels"]);
 * assert.equal(
 *   template.expand({ q: "is:open", labels: ["bug", "help wanted"] }),
 *   "/search?q=is%3Aopen&labels=bug&labels=help%20wanted",
 * );
 * ```
 *
 * @example Invalid templates throw UriTemplateError
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTemplate, UriTemplateError } from "./mod.ts";
 *
 * assert.throws(() => parseTemplate("/teams/{enterprise-team}"), UriTemplateError);
 * ```
 */
export function parseTemplate(template: string): UriTemplate {
  if (typeof template !== "string") {
    throw new TypeError(
      `Cannot parse URI template: expected a string, got ${describeType(template)}`,
    );
  }
  return cache.getOrCreate(template, compileTemplate);
}
