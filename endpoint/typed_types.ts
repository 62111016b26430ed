/**
 * The types of {@linkcode typedEndpoint}: routes, parameters and operations read from an OpenAPI 3
 * `paths` interface as openapi-typescript generates it (such as `@octokit/openapi-types`' `paths`
 * for GitHub, or a module that `deno task discovery-types` writes for a Google API).
 *
 * @module
 */

import type { TemplateVariableNames } from "./_route_types.ts";
import type { EndpointDefaults, MediaType, RequestHeaders, RequestOptions } from "./types.ts";
import type { RequestRequestOptions } from "./types.ts";

/** The operation methods of an OpenAPI path item, as openapi-typescript names them. */
type OperationMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** The methods a path item defines (openapi-typescript writes absent ones as `put?: never`). */
type MethodsOf<Item> = {
  [M in keyof Item & OperationMethod]-?: [NonNullable<Item[M]>] extends [never] ? never : M;
}[keyof Item & OperationMethod];

/**
 * Every route of `Paths`: `"<METHOD> <path>"` for each method each path defines, such as
 * `"GET /repos/{owner}/{repo}"`. `string` when `Paths` is `unknown` (no spec).
 *
 * @example Usage
 * ```ts
 * import type { TypedRoute } from "./mod.ts";
 *
 * interface paths {
 *   "/user": { get: { responses: { 200: { content: { "application/json": { login: string } } } } } };
 * }
 * const route: TypedRoute<paths> = "GET /user";
 * ```
 */
export type TypedRoute<Paths> = unknown extends Paths ? string
  : {
    [P in keyof Paths & string]: `${Uppercase<MethodsOf<Paths[P]>>} ${P}`;
  }[keyof Paths & string];

/**
 * What a typed function takes as its route: a {@linkcode TypedRoute}, or one followed by a
 * `{?name,...}` query expression that sends those query parameters in the URL whatever the method
 * (the other parameters of a `POST`, `PUT`, `PATCH` or `DELETE` are the body).
 *
 * @example Usage
 * ```ts
 * import type { TypedRouteTemplate } from "./mod.ts";
 *
 * interface paths {
 *   "/b": {
 *     post: {
 *       parameters: { query: { project: string } };
 *       requestBody: { content: { "application/json": { name?: string } } };
 *       responses: { 200: { content: { "application/json": { id?: string } } } };
 *     };
 *   };
 * }
 * const route: TypedRouteTemplate<paths> = "POST /b{?project}";
 * ```
 */
export type TypedRouteTemplate<Paths> = unknown extends Paths ? string
  : TypedRoute<Paths> | `${TypedRoute<Paths>}{?${string}}`;

/** The method, path and listed query names of a route: `["POST", "/b", "project"]`. */
type RouteParts<R extends string> = R extends `${infer Method} ${infer Rest}`
  ? Rest extends `${infer Path}{?${infer Listed}}` ? [Method, Path, TemplateVariableNames<Listed>]
  : [Method, Rest, never]
  : never;

/**
 * The operation object a route names in `Paths` (its `parameters`, `requestBody` and `responses`),
 * `never` for a route `Paths` does not have.
 *
 * @example Usage
 * ```ts
 * import type { TypedOperation } from "./mod.ts";
 *
 * interface paths {
 *   "/user": { get: { responses: { 200: { content: { "application/json": { login: string } } } } } };
 * }
 * type GetUser = TypedOperation<paths, "GET /user">;
 * const responses: keyof GetUser["responses"] = 200;
 * ```
 */
export type TypedOperation<Paths, R extends string> = RouteParts<R> extends
  [infer Method extends string, infer Path, unknown]
  ? Path extends keyof Paths
    ? Lowercase<Method> extends keyof Paths[Path] ? NonNullable<Paths[Path][Lowercase<Method>]>
    : never
  : never
  : never;

/** `T` without `undefined`, or `unknown` (nothing, in an intersection) when that leaves `never`. */
type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;

/** One of the operation's `parameters` groups (`path`, `query`), or `unknown` when it has none. */
type ParameterGroup<Op, Group extends string> = Op extends { parameters: infer Parameters }
  ? Group extends keyof Parameters ? Part<Parameters[Group]> : unknown
  : unknown;

/** The keys of `T` that are not optional. */
type RequiredKeys<T> = {
  [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K;
}[keyof T];

/**
 * The query parameters a route takes. `GET` and `HEAD` send every parameter that fills no
 * placeholder as the query; other methods send them as the body, so they take only the query
 * parameters the route lists in `{?...}`, and a required one it does not list is an error whose
 * type says what to do.
 */
type QueryParameters<Query, Method, Listed> = Method extends "GET" | "HEAD" ? Query
  : unknown extends Query ? unknown
  :
    & Pick<Query, Listed & keyof Query>
    & {
      [Name in Exclude<RequiredKeys<Query>, Listed>]: `add {?${Name & string}} to the route`;
    };

/** The options `endpoint()` reads besides the parameters. */
interface ReservedOptions {
  /** The URL every relative route is resolved against. */
  baseUrl?: string;
  /** Request headers. */
  headers?: RequestHeaders;
  /** `accept` header rewrites (GitHub's media types). */
  mediaType?: MediaType;
  /** Client options, passed through. */
  request?: RequestRequestOptions;
}

/** Keys `endpoint()` reads as options, which a body field spread among the parameters can't use. */
type ReservedKey = keyof ReservedOptions | "method" | "url" | "data";

/** The body value of a request body's `content`: its JSON schema, else any of its media types. */
type BodyValue<Content> = Content extends { "application/json": infer Json } ? Json
  : Content[keyof Content];

/** The body of an operation, `never` when it has none. */
type BodyOf<Op> = "requestBody" extends keyof Op
  ? [NonNullable<Op["requestBody" & keyof Op]>] extends [never] ? never
  : NonNullable<Op["requestBody" & keyof Op]> extends { content: infer Content }
    ? BodyValue<Content>
  : never
  : never;

/** Whether an operation's request body may be left out. */
type BodyIsOptional<Op> = Record<never, never> extends Pick<Op, "requestBody" & keyof Op> ? true
  : false;

/**
 * The body parameters: an object body's fields among the other parameters (as `endpoint()` sends
 * them), or `data` (the whole body) for any other body and for objects with a reserved key.
 */
type BodyParameters<Op, Method> = Method extends "GET" | "HEAD" ? unknown
  : [BodyOf<Op>] extends [never] ? unknown
  : [BodyOf<Op>] extends [Record<string, unknown>]
    ? [keyof BodyOf<Op> & ReservedKey] extends [never]
      ? BodyIsOptional<Op> extends true ? Partial<BodyOf<Op>> : BodyOf<Op>
    : DataParameter<Op>
  : DataParameter<Op>;

/** `data`, the whole body, required when the operation's body is. */
type DataParameter<Op> = BodyIsOptional<Op> extends true ? { data?: BodyOf<Op> }
  : { data: BodyOf<Op> };

/**
 * The parameters of a route of `Paths`: its path parameters, its query parameters (for methods
 * other than `GET` and `HEAD`, those the route lists in `{?...}`), its body (an object body's
 * fields, or `data`), and the options `endpoint()` reads (`baseUrl`, `headers`, `mediaType`,
 * `request`). In an object literal, a key the spec does not list is a compile error.
 *
 * @example Usage
 * ```ts
 * import type { TypedRouteOptions } from "./mod.ts";
 *
 * interface paths {
 *   "/repos/{owner}/{repo}/issues": {
 *     get: {
 *       parameters: { path: { owner: string; repo: string }; query?: { per_page?: number } };
 *       responses: { 200: { content: { "application/json": { number: number }[] } } };
 *     };
 *   };
 * }
 * const options: TypedRouteOptions<paths, "GET /repos/{owner}/{repo}/issues"> = {
 *   owner: "octo-org",
 *   repo: "octo-repo",
 *   per_page: 100,
 * };
 * ```
 */
export type TypedRouteOptions<Paths, R extends string> = unknown extends Paths
  ? ReservedOptions & { [parameter: string]: unknown }
  : TypedOperation<Paths, R> extends infer Op ? RouteParts<R> extends
      [infer Method, unknown, infer Listed] ?
        & ParameterGroup<Op, "path">
        & QueryParameters<ParameterGroup<Op, "query">, Method, Listed>
        & BodyParameters<Op, Method>
        & ReservedOptions
    : never
  : never;

/**
 * The options argument of a typed call: required when the route has a required parameter,
 * optional otherwise.
 *
 * @example Usage
 * ```ts
 * import type { TypedRouteArgument } from "./mod.ts";
 *
 * interface paths {
 *   "/orgs/{org}": {
 *     get: {
 *       parameters: { path: { org: string } };
 *       responses: { 200: { content: { "application/json": { login: string } } } };
 *     };
 *   };
 * }
 * const argument: TypedRouteArgument<paths, "GET /orgs/{org}"> = [{ org: "octo-org" }];
 * ```
 */
export type TypedRouteArgument<Paths, R extends string> = Record<never, never> extends
  TypedRouteOptions<Paths, R> ? [options?: TypedRouteOptions<Paths, R>]
  : [options: TypedRouteOptions<Paths, R>];

/**
 * The type of the functions {@linkcode typedEndpoint} returns: `endpoint()` with routes and
 * parameters checked against `Paths`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { typedEndpoint, type TypedEndpoint } from "./mod.ts";
 *
 * interface paths {
 *   "/orgs/{org}": {
 *     get: {
 *       parameters: { path: { org: string } };
 *       responses: { 200: { content: { "application/json": { login: string } } } };
 *     };
 *   };
 * }
 * const github: TypedEndpoint<paths> = typedEndpoint<paths>();
 * assert.equal(github("GET /orgs/{org}", { org: "octo-org" }).url, "https://api.github.com/orgs/octo-org");
 * ```
 */
export interface TypedEndpoint<Paths> {
  /**
   * Builds request options for a route of `Paths`, exactly as `endpoint()` does.
   *
   * @param route `"<METHOD> <path>"` as `Paths` names it, optionally followed by `{?name,...}`.
   * @param options The route's parameters and `endpoint()`'s options.
   * @returns The request options.
   */
  <R extends TypedRouteTemplate<Paths>>(
    route: R,
    ...options: TypedRouteArgument<Paths, R>
  ): RequestOptions;
  /** The defaults every call is merged onto: `endpoint()`'s, then those `typedEndpoint()` took. */
  DEFAULTS: EndpointDefaults;
}
