/**
 * Differential test over every GitHub REST route of @octokit/plugin-rest-endpoint-methods: ours
 * and @octokit/endpoint give identical request options (default user-agents aside) for generated
 * parameters, with each route's own defaults applied through `.defaults()`.
 */
import assert from "node:assert/strict";
import { endpoint } from "../../endpoint/mod.ts";
import {
  assertSameCall,
  GITHUB_ROUTES,
  loosely,
  octokitEndpoint,
} from "../support/differential.ts";

const EXPRESSION = /\{([^{}]+)\}/g;
const PLACEHOLDER_VALUES: readonly unknown[] = [
  "octo-org",
  "hello world",
  "a/b?c#d&e=f",
  42,
  "ümlaut-é",
  "x%20y",
  "100%",
  "!'()*~._-",
  0,
  true,
  123456789012345678901234567890n,
  "refs/heads/feature/x",
];

function variablesOf(route: string): { simple: string[]; query: string[] } {
  const simple: string[] = [];
  const query: string[] = [];
  for (const [, expression] of route.matchAll(EXPRESSION)) {
    if (expression!.startsWith("?")) query.push(...expression!.slice(1).split(","));
    else simple.push(expression!);
  }
  return { simple, query };
}

function parametersFor(route: string, seed: number, dropLast: boolean): Record<string, unknown> {
  const { simple, query } = variablesOf(route);
  const parameters: Record<string, unknown> = {};
  simple.forEach((name, index) => {
    if (dropLast && index === simple.length - 1) return;
    parameters[name] = PLACEHOLDER_VALUES[(seed + index) % PLACEHOLDER_VALUES.length];
  });
  for (const name of query) parameters[name] = `${name} value/${seed}`;
  const isRead = /^(GET|HEAD) /.test(route);
  Object.assign(
    parameters,
    isRead
      ? { per_page: 100, page: seed % 5, sort: "created", labels: ["bug", "help wanted"] }
      : { title: "Found a bug", body: "It's broken", nested: { list: [1, "two"] }, draft: false },
    { skipped: undefined },
  );
  parameters.headers = { "X-GitHub-Api-Version": "2022-11-28", Authorization: "token x" };
  return parameters;
}

Deno.test("endpoint() matches @octokit/endpoint on every GitHub REST route", async (t) => {
  for (
    const variant of ["all parameters", "format raw, lowercase method, last placeholder missing"]
  ) {
    await t.step(variant, () => {
      GITHUB_ROUTES.forEach(({ name, route, defaults }, seed) => {
        const ours = loosely(defaults ? endpoint.defaults(defaults) : endpoint);
        const octokit = loosely(defaults ? octokitEndpoint.defaults(defaults) : octokitEndpoint);
        const second = variant !== "all parameters";
        const parameters = parametersFor(route, seed, second);
        if (second) parameters.mediaType = { format: "raw" };
        const callRoute = second ? route.replace(/^\w+/, (method) => method.toLowerCase()) : route;
        assertSameCall(ours, octokit, callRoute, parameters, `${name}: ${callRoute}`);
      });
    });
  }
  // The routes reach every verb of the REST API and the defaults that some routes come with.
  const verbs = new Set(GITHUB_ROUTES.map(({ route }) => route.split(" ")[0]));
  assert.deepEqual(verbs, new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]));
  assert.ok(GITHUB_ROUTES.some(({ defaults }) => defaults !== undefined));
});
