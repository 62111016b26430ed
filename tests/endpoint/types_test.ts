/**
 * Types against the runtime: what compiles, what a call returns and what the runtime template
 * consumes. The compile-time-only checks are in types_check.ts, which this file imports so that
 * checking this file checks it too.
 */
import assert from "node:assert/strict";
import { endpoint, type EndpointInterface, type RequestOptions } from "../../endpoint/mod.ts";
import type { RequiredRouteParameterNames } from "../../endpoint/_route_types.ts";
import { routeTemplate } from "../../endpoint/_route_template.ts";
import { octokitEndpoint } from "../support/differential.ts";
import { assertType, type Equal } from "./types_check.ts";

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

Deno.test("typed routes and the runtime agree on which :name is a placeholder", () => {
  /** The names the runtime template consumes, for routes without optional expressions. */
  const consumed = (url: string) => [...routeTemplate(url).variableNames].sort();
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
