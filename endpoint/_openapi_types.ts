// The type-level reading of an OpenAPI `paths` interface behind `typedEndpoint()`: which methods a
// path item defines, what a route names, and the parameters an operation takes. Private: the
// public names are in typed_types.ts.
import type { TemplateVariableNames } from "./_route_types.ts";
import type { MediaType, RequestHeaders, RequestRequestOptions } from "./types.ts";

/** The operation methods of an OpenAPI path item, as openapi-typescript names them. */
type OperationMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/**
 * The methods a path item defines (openapi-typescript writes absent ones as `put?: never`).
 *
 * @example Usage
 * ```ts
 * import type { MethodsOf } from "./_openapi_types.ts";
 *
 * const method: MethodsOf<{ get: { responses: object }; put?: never }> = "get";
 * ```
 *
 * @internal
 */
export type MethodsOf<Item> = {
  [M in keyof Item & OperationMethod]-?: [NonNullable<Item[M]>] extends [never] ? never : M;
}[keyof Item & OperationMethod];

/**
 * The method, path and the query names a route lists in `{?...}`.
 *
 * @example Usage
 * ```ts
 * import type { RouteParts } from "./_openapi_types.ts";
 *
 * const parts: RouteParts<"POST /b{?project}"> = ["POST", "/b", "project"];
 * ```
 *
 * @internal
 */
export type RouteParts<R extends string> = R extends `${infer Method} ${infer Rest}`
  ? Rest extends `${infer Path}{?${infer Listed}}` ? [Method, Path, TemplateVariableNames<Listed>]
  : [Method, Rest, never]
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

/**
 * The options `endpoint()` reads besides the parameters.
 *
 * @example Usage
 * ```ts
 * import type { ReservedOptions } from "./_openapi_types.ts";
 *
 * const options: ReservedOptions = { baseUrl: "https://api.github.com" };
 * ```
 *
 * @internal
 */
export interface ReservedOptions {
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
 * The options of an operation called with `Method` and the `{?...}` names `Listed`: its path
 * parameters, its query parameters, its body parameters and {@linkcode ReservedOptions}.
 *
 * @example Usage
 * ```ts
 * import type { OperationOptions } from "./_openapi_types.ts";
 *
 * type GetOrg = { parameters: { path: { org: string } }; responses: object };
 * const options: OperationOptions<GetOrg, "GET", never> = { org: "octo-org" };
 * ```
 *
 * @internal
 */
export type OperationOptions<Op, Method, Listed> =
  & ParameterGroup<Op, "path">
  & QueryParameters<ParameterGroup<Op, "query">, Method, Listed>
  & BodyParameters<Op, Method>
  & ReservedOptions;
