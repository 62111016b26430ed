/**
 * Shared by the differential tests: @octokit/endpoint 11.0.5 (the reference), the GitHub REST
 * route list of @octokit/plugin-rest-endpoint-methods, and a comparison that treats the two
 * default user-agents (which differ by design) as equal.
 */
import assert from "node:assert/strict";
import { endpoint as octokitEndpoint } from "@octokit/endpoint";
import Endpoints from "../../node_modules/@octokit/plugin-rest-endpoint-methods/dist-src/generated/endpoints.js";
import { endpoint } from "../../endpoint/mod.ts";

export { octokitEndpoint };

/** Request options as either implementation returns them. */
export interface LooseRequestOptions {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: unknown;
  request?: unknown;
}

/** A loosely typed endpoint function, so both implementations take the same arguments. */
export interface AnyEndpoint {
  (route: unknown, options?: unknown): LooseRequestOptions;
  defaults(defaults: unknown): AnyEndpoint;
  merge(route: unknown, options?: unknown): unknown;
  parse(options: unknown): LooseRequestOptions;
}

/** One method of the plugin's map: `[route, defaults?, decorations?]`. */
export interface GithubRoute {
  name: string;
  route: string;
  defaults: Record<string, unknown> | undefined;
}

type EndpointsMap = Record<string, Record<string, [string, Record<string, unknown>?, unknown?]>>;

/** Every method of @octokit/plugin-rest-endpoint-methods 18.0.0 (1044). */
export const GITHUB_ROUTES: readonly GithubRoute[] = Object.entries(
  Endpoints as unknown as EndpointsMap,
)
  .flatMap(([scope, methods]) =>
    Object.entries(methods).map(([method, [route, defaults]]) => ({
      name: `${scope}.${method}`,
      route,
      defaults,
    }))
  );

const OURS_UA = endpoint.DEFAULTS.headers["user-agent"];
const OCTOKIT_UA = octokitEndpoint.DEFAULTS.headers["user-agent"];
const DEFAULT_UA = "<default user-agent>";

/**
 * The result with each library's own default user-agent replaced by one placeholder and, for
 * request options (not `merge()` output), header values as strings: ours are strings by design
 * (docs/endpoint.md), converted as `String()` converts octokit's on the way to the wire.
 */
function normalize(
  result: Record<string, unknown>,
  stringHeaders: boolean,
): Record<string, unknown> {
  const headers = { ...result.headers as Record<string, unknown> };
  if (stringHeaders) {
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) delete headers[name];
      else headers[name] = String(value);
    }
  }
  const userAgent = headers["user-agent"];
  if (userAgent === OURS_UA || userAgent === OCTOKIT_UA) headers["user-agent"] = DEFAULT_UA;
  return { ...result, headers };
}

/** The outcome of a call: its result, or the error it threw. */
type Outcome = { result: Record<string, unknown> } | { error: unknown };

/** Runs `call`, capturing a thrown error. */
function outcome(call: () => unknown): Outcome {
  try {
    return { result: call() as Record<string, unknown> };
  } catch (error) {
    return { error };
  }
}

/**
 * Asserts both outcomes are deep-equal results ({@linkcode normalize}d), or that both threw and ours
 * threw a documented type (TypeError or its UriTemplateError sibling SyntaxError).
 */
function assertSameOutcome(
  ours: Outcome,
  octokit: Outcome,
  context: string,
  stringHeaders: boolean,
): void {
  if ("error" in octokit) {
    assert.ok("error" in ours, `${context}: octokit threw ${octokit.error}, ours did not`);
    assert.ok(
      ours.error instanceof TypeError || ours.error instanceof SyntaxError,
      `${context}: ours threw ${ours.error}`,
    );
    return;
  }
  assert.ok("result" in ours, `${context}: ours threw ${"error" in ours && ours.error}`);
  assert.deepStrictEqual(
    normalize(ours.result, stringHeaders),
    normalize(octokit.result, stringHeaders),
    context,
  );
}

/**
 * Runs `method` of both implementations (the endpoint function itself, `merge` or `parse`) with
 * fresh copies of the same arguments (so neither can see what the other did to them) and asserts
 * the same outcome ({@linkcode assertSameOutcome}). Returns our result, or `undefined` when both
 * threw.
 */
export function assertSameCall(
  ours: AnyEndpoint,
  octokit: AnyEndpoint,
  route: unknown,
  options: unknown,
  context: string,
  method: "call" | "merge" | "parse" = "call",
): LooseRequestOptions | undefined {
  const run = (implementation: AnyEndpoint) => () => {
    const args = [structuredClone(route), structuredClone(options)] as const;
    if (method === "merge") return implementation.merge(...args);
    if (method === "parse") return implementation.parse(args[0]);
    return implementation(...args);
  };
  const oursOutcome = outcome(run(ours));
  assertSameOutcome(oursOutcome, outcome(run(octokit)), context, method !== "merge");
  return "result" in oursOutcome ? oursOutcome.result as unknown as LooseRequestOptions : undefined;
}

/** Either endpoint function, loosely typed for side-by-side calls with the same arguments. */
export function loosely(endpointFunction: unknown): AnyEndpoint {
  return endpointFunction as AnyEndpoint;
}
