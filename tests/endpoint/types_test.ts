/**
 * Type tests: this file must type-check (`deno check`); each `@ts-expect-error` line must be an
 * error. The runtime assertions are incidental.
 */
import assert from "node:assert/strict";
import {
  endpoint,
  type EndpointInterface,
  type RequestOptions,
  type RequiredRouteParameterNames,
  type RouteParameters,
} from "../../endpoint/mod.ts";
import { _routeTemplate } from "../../endpoint/_route_template.ts";
import { octokitEndpoint } from "./_differential.ts";

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

Deno.test("typed routes and the runtime agree on which :name is a placeholder", () => {
  /** The names the runtime template consumes, for routes without optional expressions. */
  const consumed = (url: string) => [..._routeTemplate(url).variableNames].sort();
  const sa = "/v1/projects/-/serviceAccounts/{sa}:generateIdToken";
  assertType<Equal<RequiredRouteParameterNames<`POST ${typeof sa}`>, "sa">>(true);
  assert.deepEqual(consumed(sa), ["sa"]);
  const resource = "/v1/{+resource}:setIamPolicy";
  assertType<Equal<RequiredRouteParameterNames<`POST ${typeof resource}`>, "resource">>(true);
  assert.deepEqual(consumed(resource), ["resource"]);
  const colonThenVerb = "/v1/:name:signJwt";
  assertType<Equal<RequiredRouteParameterNames<typeof colonThenVerb>, "name">>(true);
  assert.deepEqual(consumed(colonThenVerb), ["name"]);
  const wordCharacters = "/a/:na-me/:x/:Up/:ok.json/:a_1";
  assertType<Equal<RequiredRouteParameterNames<typeof wordCharacters>, "na" | "ok" | "a_1">>(true);
  assert.deepEqual(consumed(wordCharacters), ["a_1", "na", "ok"]);
  const authority = "https://user:secret@h.example:8443/api/:version";
  assertType<Equal<RequiredRouteParameterNames<typeof authority>, "version">>(true);
  assert.deepEqual(consumed(authority), ["version"]);
  const query = "/ops/op:cancel?next=/:page#/:frag";
  assertType<Equal<RequiredRouteParameterNames<typeof query>, never>>(true);
  assert.deepEqual(consumed(query), []);
  // @ts-expect-error: sa is required, generateIdToken is not a placeholder
  endpoint(`POST ${sa}`, { generateIdToken: "x" });
  endpoint(`POST ${sa}`, { sa: "a@b.iam.gserviceaccount.com" });
});

Deno.test("the result goes to fetch as it is, and stays octokit's RequestOptions", () => {
  const { method, url, headers, body } = endpoint("POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "t",
    headers: { "x-attempt": 2 },
  });
  // HeadersInit accepts the headers with no cast (a number-valued type would not compile).
  const request = new Request(url, { method, headers, body: JSON.stringify(body) });
  assert.equal(request.headers.get("x-attempt"), "2");
  const init: RequestInit = { method, headers };
  const record: Record<string, string> = headers;
  assert.equal(record.accept, init.headers && new Headers(init.headers).get("accept"));
  // octokit-compatible: the headers are @octokit/types' RequestHeaders, which @octokit/request
  // and @octokit/endpoint take as parameters.
  type OctokitHeaders = NonNullable<Parameters<typeof octokitEndpoint.defaults>[0]["headers"]>;
  const octokitHeaders: OctokitHeaders = headers;
  assert.equal(octokitEndpoint("GET /user", { headers: octokitHeaders }).headers["x-attempt"], "2");
});
