/**
 * Compile-time tests of endpoint/'s types: nothing here runs. `deno check` (the first step of
 * `deno task test`) fails when a type equality below does not hold or a line marked
 * `@ts-expect-error` compiles. types_test.ts imports this module, so checking it checks this.
 */
import { endpoint, type RouteParameters } from "../../endpoint/mod.ts";

/** `true` when `A` and `B` are the same type, else `false`. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2)
  ? true
  : false;

/** Compiles only when `T` is `true`. */
type Expect<T extends true> = T;

/** Compiles only when its argument's type is `true`: a type check inside a runtime test. */
export function assertType<T extends true>(_: T): void {}

/** RouteParameters infers the required names of a route. */
export type RouteParametersNames = [
  Expect<
    Equal<
      keyof RouteParameters<"POST /repos/{owner}/{repo}/issues/{issue_number}/comments{?x}">,
      "owner" | "repo" | "issue_number"
    >
  >,
  Expect<Equal<keyof RouteParameters<"GET /user">, never>>,
  Expect<Equal<keyof RouteParameters<"/x/{a:3}/{b*}">, "a" | "b">>,
  Expect<Equal<keyof RouteParameters<"GET /a/:owner/:x/:Upper/:repo.json">, "owner" | "repo">>,
];

/** Never called: literal routes require their placeholders. */
export function literalRoutesRequireTheirPlaceholders(): void {
  endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  // @ts-expect-error: repo is missing
  endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
  // @ts-expect-error: the options are required when the route has placeholders
  endpoint("GET /repos/{owner}/{repo}");
  endpoint("GET /user");
  endpoint("GET /search/issues{?q,per_page}");
  endpoint("GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "a/b" });
  // @ts-expect-error: reserved expansions are required too
  endpoint("GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r" });
  endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" });
  // @ts-expect-error: :repo is a placeholder too
  endpoint("GET /repos/:owner/:repo", { owner: "o" });
  endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", {
    enterprise: "e",
    "enterprise-team": "t",
  });
}

/** Never called: the object form takes a known verb only. */
export function objectFormTakesKnownVerbs(): void {
  endpoint({ method: "POST", url: "/x" });
  // @ts-expect-error: the method must be a known verb in the object form
  endpoint({ method: "FETCH", url: "/x" });
}
