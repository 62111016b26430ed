// The type-level parsing behind typed routes: which placeholders a route string requires, read
// from its URL template at compile time. Private: the public names are `RouteParameters`,
// `RouteOptionsArgument` and `EndpointInterface` in types.ts.

/**
 * The URL part of a route: what follows the first space, or the whole route.
 *
 * @example Usage
 * ```ts
 * import type { RoutePath } from "./_route_types.ts";
 *
 * const path: RoutePath<"GET /repos/{owner}"> = "/repos/{owner}";
 * ```
 *
 * @internal
 */
export type RoutePath<R extends string> = R extends `${string} ${infer Path}` ? Path : R;

/**
 * The contents of every `{...}` expression in a URL template, as a union.
 *
 * @example Usage
 * ```ts
 * import type { TemplateExpressions } from "./_route_types.ts";
 *
 * const expression: TemplateExpressions<"/r/{owner}{?page}"> = "?page";
 * ```
 *
 * @internal
 */
export type TemplateExpressions<S extends string> = S extends
  `${string}{${infer Expression}}${infer Rest}` ? Expression | TemplateExpressions<Rest>
  : never;

/**
 * The variable names of a comma-separated variable list, without `:N` or `*` modifiers.
 *
 * @example Usage
 * ```ts
 * import type { TemplateVariableNames } from "./_route_types.ts";
 *
 * const name: TemplateVariableNames<"list*,var:3"> = "var";
 * ```
 *
 * @internal
 */
export type TemplateVariableNames<List extends string> = List extends `${infer First},${infer Rest}`
  ? TemplateVariableNames<First> | TemplateVariableNames<Rest>
  : List extends `${infer Name}:${string}` ? Name
  : List extends `${infer Name}*` ? Name
  : List;

/**
 * The variables an expression requires: those of simple `{a,b}` and reserved `{+a}` expressions.
 * Variables of the other operators (`# . / ; ? &`) are optional.
 *
 * @example Usage
 * ```ts
 * import type { RequiredExpressionVariables } from "./_route_types.ts";
 *
 * const name: RequiredExpressionVariables<"+path" | "?page"> = "path";
 * ```
 *
 * @internal
 */
export type RequiredExpressionVariables<E extends string> = E extends
  `${"#" | "." | "/" | ";" | "?" | "&"}${string}` ? never
  : E extends `+${infer List}` ? TemplateVariableNames<List>
  : TemplateVariableNames<E>;

/**
 * A word character (`\w` in a regular expression): an ASCII letter or digit, or `_`.
 *
 * @example Usage
 * ```ts
 * import type { WordCharacter } from "./_route_types.ts";
 *
 * const characters: WordCharacter[] = ["a", "Z", "0", "_"];
 * ```
 *
 * @internal
 */
export type WordCharacter =
  | "a"
  | "b"
  | "c"
  | "d"
  | "e"
  | "f"
  | "g"
  | "h"
  | "i"
  | "j"
  | "k"
  | "l"
  | "m"
  | "n"
  | "o"
  | "p"
  | "q"
  | "r"
  | "s"
  | "t"
  | "u"
  | "v"
  | "w"
  | "x"
  | "y"
  | "z"
  | "A"
  | "B"
  | "C"
  | "D"
  | "E"
  | "F"
  | "G"
  | "H"
  | "I"
  | "J"
  | "K"
  | "L"
  | "M"
  | "N"
  | "O"
  | "P"
  | "Q"
  | "R"
  | "S"
  | "T"
  | "U"
  | "V"
  | "W"
  | "X"
  | "Y"
  | "Z"
  | "0"
  | "1"
  | "2"
  | "3"
  | "4"
  | "5"
  | "6"
  | "7"
  | "8"
  | "9"
  | "_";

/**
 * The leading word characters (`\w`) of `Text`, appended to `Name`.
 *
 * @example Usage
 * ```ts
 * import type { LeadingWord } from "./_route_types.ts";
 *
 * const word: LeadingWord<"name:signJwt"> = "name";
 * ```
 *
 * @internal
 */
export type LeadingWord<Text extends string, Name extends string = ""> = Text extends
  `${infer First}${infer Tail}` ? First extends WordCharacter ? LeadingWord<Tail, `${Name}${First}`>
  : Name
  : Name;

/**
 * The placeholder name that the text after a `:` defines: a lowercase ASCII letter then word
 * characters (`\w`), at least two in all; `never` when it defines none.
 *
 * @example Usage
 * ```ts
 * import type { ColonPlaceholderName } from "./_route_types.ts";
 *
 * const name: ColonPlaceholderName<"owner/:repo"> = "owner";
 * ```
 *
 * @internal
 */
export type ColonPlaceholderName<Text extends string> = LeadingWord<Text> extends
  `${infer First}${infer Tail}`
  ? Uppercase<First> extends First ? never : Tail extends "" ? never : LeadingWord<Text>
  : never;

/**
 * A URL template up to the first `Mark` (`?` or `#`) that does not open an expression such as
 * `{?page}`, prefixed with `Kept`.
 *
 * @example Usage
 * ```ts
 * import type { UrlTemplateBefore } from "./_route_types.ts";
 *
 * const path: UrlTemplateBefore<"/a{?page}/b?c=1", "?"> = "/a{?page}/b";
 * ```
 *
 * @internal
 */
export type UrlTemplateBefore<Url extends string, Mark extends string, Kept extends string = ""> =
  Url extends `${infer Head}${Mark}${infer Tail}`
    ? Head extends `${string}{` ? UrlTemplateBefore<Tail, Mark, `${Kept}${Head}${Mark}`>
    : `${Kept}${Head}`
    : `${Kept}${Url}`;

/**
 * The path of a URL template: without its scheme and authority (`https://user:pw@host:8080`),
 * query and fragment.
 *
 * @example Usage
 * ```ts
 * import type { UrlTemplatePath } from "./_route_types.ts";
 *
 * const path: UrlTemplatePath<"https://h.example:8443/api/:version?x=1"> = "/api/:version";
 * ```
 *
 * @internal
 */
export type UrlTemplatePath<Url extends string> = UrlTemplateBefore<
  UrlTemplateBefore<
    Url extends `${infer Scheme}://${infer Rest}` ? Scheme extends `${string}/${string}` ? Url
      : Rest extends `${string}/${infer Path}` ? `/${Path}`
      : ""
      : Url,
    "?"
  >,
  "#"
>;

/**
 * The `:name` placeholders of a URL: those that start a path segment (right after `/`). Anywhere
 * else `:word` is literal: Google's custom methods (`/v1/{+name}:generateIdToken`), the scheme,
 * userinfo, host, port, query and fragment.
 *
 * @example Usage
 * ```ts
 * import type { ColonPlaceholderNames } from "./_route_types.ts";
 *
 * const name: ColonPlaceholderNames<"/repos/:owner/:repo"> = "repo";
 * ```
 *
 * @internal
 */
export type ColonPlaceholderNames<Url extends string> = ColonPlaceholderNamesOfPath<
  UrlTemplatePath<Url>
>;

/**
 * The `:name` placeholders of a path (see {@linkcode ColonPlaceholderNames}).
 *
 * @example Usage
 * ```ts
 * import type { ColonPlaceholderNamesOfPath } from "./_route_types.ts";
 *
 * const name: ColonPlaceholderNamesOfPath<"/v1/:name:signJwt"> = "name";
 * ```
 *
 * @internal
 */
export type ColonPlaceholderNamesOfPath<Path extends string> = Path extends
  `${string}/:${infer Rest}` ? ColonPlaceholderName<Rest> | ColonPlaceholderNamesOfPath<Rest>
  : never;

/**
 * The names of the placeholders a route requires: simple `{name}` and reserved `{+name}`
 * expressions and `:name` path segments. Optional forms such as `{?query}` or `{/segment}` are not
 * required.
 *
 * @example Usage
 * ```ts
 * import type { RequiredRouteParameterNames } from "./_route_types.ts";
 *
 * const name: RequiredRouteParameterNames<"GET /orgs/{org}/repos{?page}"> = "org";
 * ```
 *
 * @internal
 */
export type RequiredRouteParameterNames<R extends string> =
  | RequiredExpressionVariables<TemplateExpressions<RoutePath<R>>>
  | ColonPlaceholderNames<RoutePath<R>>;

/**
 * The placeholders a route requires that the defaults `D` do not fill.
 *
 * @example Usage
 * ```ts
 * import type { MissingRouteParameterNames } from "./_route_types.ts";
 *
 * const name: MissingRouteParameterNames<"GET /repos/{owner}/{repo}", { owner: string }> = "repo";
 * ```
 *
 * @internal
 */
export type MissingRouteParameterNames<R extends string, D> = Exclude<
  RequiredRouteParameterNames<R>,
  keyof D
>;
