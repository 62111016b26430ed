/**
 * Type tests: this file must type-check (`deno check`); each `@ts-expect-error` line must be an
 * error. The runtime assertions are incidental.
 */
import assert from "node:assert/strict";
import {
  endpoint,
  type EndpointInterface,
  type RequestOptions,
  type RouteParameters,
} from "../../endpoint/mod.ts";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;
function assertType<T extends true>(_: T): void {}

Deno.test("literal routes require their placeholders at compile time", () => {
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
  assert.ok(true);
});

Deno.test("a non-literal string route stays permissive", () => {
  const route: string = "GET /repos/{owner}/{repo}";
  const options: RequestOptions = endpoint(route, { owner: "o" });
  assert.equal(options.url, "https://api.github.com/repos/o");
  endpoint(route);
});

Deno.test("placeholders filled by defaults are no longer required", () => {
  const repo = endpoint.defaults({ owner: "o", repo: "r" });
  const options = repo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1 });
  assert.equal(options.url, "https://api.github.com/repos/o/r/issues/1");
  // @ts-expect-error: issue_number is still missing
  repo("GET /repos/{owner}/{repo}/issues/{issue_number}", {});
  const typed: EndpointInterface<{ owner: string }> = endpoint.defaults({ owner: "o" });
  assert.equal(typed.DEFAULTS.owner, "o");
});

Deno.test("RouteParameters infers the required names", () => {
  assertType<
    Equal<
      keyof RouteParameters<"POST /repos/{owner}/{repo}/issues/{issue_number}/comments{?x}">,
      "owner" | "repo" | "issue_number"
    >
  >(true);
  assertType<Equal<keyof RouteParameters<"GET /user">, never>>(true);
  assertType<Equal<keyof RouteParameters<"/x/{a:3}/{b*}">, "a" | "b">>(true);
  assertType<Equal<keyof RouteParameters<"GET /a/:owner/:x/:Upper/:repo.json">, "owner" | "repo">>(
    true,
  );
  // @ts-expect-error: the method must be a known verb in the object form
  endpoint({ method: "FETCH", url: "/x" });
  assert.ok(true);
});
