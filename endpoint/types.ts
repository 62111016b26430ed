/**
 * The types of {@linkcode endpoint}: its options, its result, and typed routes whose placeholders
 * are inferred from the route string at compile time.
 *
 * @module
 */

/** The HTTP methods the typed surface knows. At runtime any method string is accepted. */
export type RequestMethod = "DELETE" | "GET" | "HEAD" | "PATCH" | "POST" | "PUT";

/**
 * A route: `"<METHOD> <url template>"` such as `"GET /repos/{owner}/{repo}"`, or just a URL
 * template (the method is then the default, `GET`).
 */
export type Route = string;

/** A URL or RFC 6570 URL template, relative to `baseUrl` unless it starts with `http`. */
export type Url = string;

/** Request headers. Names are case-insensitive: endpoint() lowercases them. */
export interface RequestHeaders {
  /** The media types the client accepts. */
  accept?: string;
  /** Credentials, such as `Bearer <token>`. */
  authorization?: string;
  /** The client's product tokens. */
  "user-agent"?: string;
  /** Any other header; `undefined` values are dropped. */
  [header: string]: string | number | undefined;
}

/** Options for the HTTP client, passed through untouched (plain objects merge with defaults). */
export interface RequestRequestOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
  /** Anything else the client understands, such as a custom `fetch`. */
  [option: string]: unknown;
}

/** Rewrites of the `accept` header. */
export interface MediaType {
  /** A GitHub media type format such as `raw`, `diff` or `full+json`. */
  format?: string;
  /** GraphQL API previews (applied only to URLs ending in `/graphql`), with or without `-preview`. */
  previews?: readonly string[];
}

/**
 * Request parameters: the reserved keys below plus any other key, which fills a URL placeholder
 * or else becomes a query parameter (GET, HEAD) or a JSON body key (other methods). `data` is sent
 * as the whole body.
 */
export interface RequestParameters {
  /** The URL every relative route is resolved against, such as `https://api.github.com`. */
  baseUrl?: Url;
  /** Request headers. */
  headers?: RequestHeaders;
  /** `accept` header rewrites. */
  mediaType?: MediaType;
  /** Client options, passed through. */
  request?: RequestRequestOptions;
  /** URL placeholders, query parameters or body keys. */
  [parameter: string]: unknown;
}

/** Options in object form: {@linkcode RequestParameters} plus the method and the URL. */
export interface EndpointOptions extends RequestParameters {
  /** The HTTP method (case-insensitive). */
  method?: RequestMethod | Lowercase<RequestMethod>;
  /** The URL or URL template. */
  url?: Url;
}

/** The defaults every endpoint function carries (its `DEFAULTS`), and the output of `merge()`. */
export interface EndpointDefaults extends RequestParameters {
  /** The URL relative URLs are resolved against. */
  baseUrl: Url;
  /** The method, as given (`merge()` does not change its case). */
  method: RequestMethod | Lowercase<RequestMethod>;
  /** The URL template, when one is set. */
  url?: Url;
  /** Headers with lowercase names, always including `accept` and `user-agent`. */
  headers: RequestHeaders & { accept: string; "user-agent": string };
  /** `accept` header rewrites; `format` is `""` when unset. */
  mediaType: { format: string; previews?: readonly string[] };
}

/** Request options ready for an HTTP client such as `fetch`. */
export interface RequestOptions {
  /** The uppercase HTTP method. */
  method: RequestMethod;
  /** The absolute URL, with the query string for GET and HEAD. */
  url: Url;
  /** Headers with lowercase names. */
  headers: RequestHeaders;
  /**
   * The body as a JavaScript value (not serialized): `data`, or the remaining parameters, or `""`
   * for PUT and PATCH without parameters. Absent when there is none.
   */
  body?: unknown;
  /** The `request` option, passed through. */
  request?: RequestRequestOptions;
}

/** A value for a URL placeholder. */
export type RouteParameterValue =
  | string
  | number
  | bigint
  | boolean
  | readonly (string | number | bigint | boolean)[]
  | Readonly<Record<string, string | number | bigint | boolean>>;

/** The URL part of a route: what follows the first space, or the whole route. */
export type RoutePath<R extends string> = R extends `${string} ${infer Path}` ? Path : R;

/** The contents of every `{...}` expression in a URL template, as a union. */
export type TemplateExpressions<S extends string> = S extends
  `${string}{${infer Expression}}${infer Rest}` ? Expression | TemplateExpressions<Rest>
  : never;

/** The variable names of a comma-separated variable list, without `:N` or `*` modifiers. */
export type TemplateVariableNames<List extends string> = List extends `${infer First},${infer Rest}`
  ? TemplateVariableNames<First> | TemplateVariableNames<Rest>
  : List extends `${infer Name}:${string}` ? Name
  : List extends `${infer Name}*` ? Name
  : List;

/**
 * The variables an expression requires: those of simple `{a,b}` and reserved `{+a}` expressions.
 * Variables of the other operators (`# . / ; ? &`) are optional.
 */
export type RequiredExpressionVariables<E extends string> = E extends
  `${"#" | "." | "/" | ";" | "?" | "&"}${string}` ? never
  : E extends `+${infer List}` ? TemplateVariableNames<List>
  : TemplateVariableNames<E>;

/**
 * The placeholder name that the text after a `:` defines: up to the next `/` or `.`, starting with
 * a lowercase letter and at least two characters long; `never` when it defines none.
 */
export type ColonPlaceholderName<Text extends string> = Text extends `${infer Segment}/${string}`
  ? ColonPlaceholderName<Segment>
  : Text extends `${infer Name}.${string}` ? ColonPlaceholderName<Name>
  : Text extends `${infer First}${infer Tail}` ? Tail extends "" ? never
    : Lowercase<First> extends First ? Uppercase<First> extends First ? never : Text
    : never
  : never;

/** The `:name` placeholders of a path. */
export type ColonPlaceholderNames<Path extends string> = Path extends `${string}/:${infer Rest}`
  ? ColonPlaceholderName<Rest> | ColonPlaceholderNames<Rest>
  : never;

/**
 * The names of the placeholders a route requires: simple `{name}` and reserved `{+name}`
 * expressions and `:name` path segments. Optional forms such as `{?query}` or `{/segment}` are not
 * required.
 */
export type RequiredRouteParameterNames<R extends string> =
  | RequiredExpressionVariables<TemplateExpressions<RoutePath<R>>>
  | ColonPlaceholderNames<RoutePath<R>>;

/**
 * The parameters a literal route requires, inferred from its placeholders.
 *
 * @example
 * ```ts
 * import type { RouteParameters } from "./types.ts";
 *
 * const parameters: RouteParameters<"GET /repos/{owner}/{repo}{?page}"> = {
 *   owner: "octo-org",
 *   repo: "octo-repo",
 * };
 * ```
 */
export type RouteParameters<R extends string> = {
  [Name in RequiredRouteParameterNames<R>]: RouteParameterValue;
};

/** The placeholders a route requires that the defaults `D` do not fill. */
export type MissingRouteParameterNames<R extends string, D> = Exclude<
  RequiredRouteParameterNames<R>,
  keyof D
>;

/**
 * The options argument for a route: required (and checked) when the route is a literal with
 * placeholders that the defaults `D` do not fill, optional otherwise, and permissive when the
 * route is a plain `string`.
 */
export type RouteOptionsArgument<R extends string, D = object> = string extends R
  ? [options?: EndpointOptions]
  : [MissingRouteParameterNames<R, D>] extends [never] ? [options?: EndpointOptions]
  : [
    options: EndpointOptions & { [Name in MissingRouteParameterNames<R, D>]: RouteParameterValue },
  ];

/**
 * The type of {@linkcode endpoint} and of every function `.defaults()` derives: callable with a
 * route and options or with options alone, and carrying `DEFAULTS`, `defaults()`, `merge()` and
 * `parse()`. `D` records what the defaults fill, so placeholders they provide are not required.
 */
export interface EndpointInterface<D extends object = object> {
  /**
   * Builds request options for a route.
   *
   * @param route `"<METHOD> <url template>"` or a URL template.
   * @param options Placeholder values, query or body parameters and reserved options.
   * @returns The request options.
   */
  <R extends Route>(route: R, ...options: RouteOptionsArgument<R, D>): RequestOptions;
  /**
   * Builds request options from options alone.
   *
   * @param options The method, URL and parameters.
   * @returns The request options.
   */
  (options: EndpointOptions): RequestOptions;
  /** The defaults this function applies. */
  DEFAULTS: EndpointDefaults & D;
  /**
   * Derives an endpoint function whose defaults are these defaults merged with `newDefaults`.
   *
   * @param newDefaults Defaults to merge on top.
   * @returns The derived function.
   */
  defaults<O extends EndpointOptions>(newDefaults: O): EndpointInterface<D & O>;
  /**
   * Merges a route and options onto the defaults without building the URL.
   *
   * @param route `"<METHOD> <url template>"` or a URL template, or the options in object form.
   * @param options Options (ignored when `route` is an object).
   * @returns The merged options.
   */
  merge(route?: Route | EndpointOptions, options?: EndpointOptions): EndpointDefaults & D;
  /**
   * Turns merged options into request options. Stateless: the same for every derived function.
   *
   * @param options Merged options, as `merge()` returns them.
   * @returns The request options.
   */
  parse(options: EndpointDefaults): RequestOptions;
}
