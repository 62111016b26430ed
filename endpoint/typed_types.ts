/**
 * The types of {@linkcode typedEndpoint}: routes, parameters and operations read from an OpenAPI 3
 * `paths` interface as openapi-typescript generates it (such as `@octokit/openapi-types`' `paths`
 * for GitHub, or a module that `deno task discovery-types` writes for a Google API).
 *
 * @module
 */

import type { MethodsOf, OperationOptions, ReservedOptions, RouteParts } from "./_openapi_types.ts";
import type { EndpointDefaults, RequestOptions } from "./types.ts";

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
  : RouteParts<R> extends [infer Method, unknown, infer Listed]
    ? OperationOptions<TypedOperation<Paths, R>, Method, Listed>
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
