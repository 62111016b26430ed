/**
 * Invariants: inputs and DEFAULTS are never mutated, merge() is idempotent, and JSON payloads with
 * `__proto__` keys never pollute Object.prototype, whether they arrive as options, headers or
 * defaults.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { endpoint } from "../../endpoint/mod.ts";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) {
      deepFreeze((value as Record<PropertyKey, unknown>)[key]);
    }
  }
  return value;
}

function assertPrototypeClean(): void {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), OBJECT_PROTOTYPE_KEYS);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
}
const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

const json = fc.jsonValue({ maxDepth: 3 });
const options = fc.record({
  owner: fc.string(),
  per_page: fc.integer(),
  labels: fc.array(fc.string(), { maxLength: 3 }),
  nested: json,
  data: json,
  headers: fc.dictionary(fc.constantFrom("Accept", "X-Foo", "x-foo", "Content-Type"), fc.string()),
  mediaType: fc.record({
    format: fc.constantFrom("", "raw"),
    previews: fc.array(fc.constantFrom("a-preview", "b"), { maxLength: 2 }),
  }, { requiredKeys: [] }),
  request: fc.record({ timeout: fc.integer(), nested: fc.record({ a: fc.integer() }) }),
}, { requiredKeys: [] });

Deno.test("endpoint(), merge(), parse() and defaults() never mutate their inputs", () => {
  fc.assert(
    fc.property(
      fc.constantFrom("GET /repos/{owner}/x", "POST /graphql", "PUT /x/{owner}", "/{owner}"),
      options,
      options,
      (route, callOptions, defaults) => {
        const snapshot = JSON.stringify({ callOptions, defaults });
        deepFreeze(callOptions);
        deepFreeze(defaults);
        const derived = endpoint.defaults(defaults);
        try {
          derived(route, callOptions);
          derived({ ...callOptions, url: route.replace(/^\w+ /, "") });
          const merged = deepFreeze(derived.merge(route, callOptions));
          derived.parse(merged);
        } catch (error) {
          // Documented TypeErrors: a plain object merged onto a primitive default, or a
          // null-prototype object as a query value.
          assert.ok(error instanceof TypeError, String(error));
        }
        assert.equal(JSON.stringify({ callOptions, defaults }), snapshot);
      },
    ),
    { seed: 7, numRuns: 1000 },
  );
});

Deno.test("merge() is idempotent: merging a merged result again changes nothing", () => {
  // The issue 11 case: @octokit/request merges twice whenever a hook is set.
  const withPreviews = endpoint.defaults({
    mediaType: { previews: ["jean-grey-preview", "symmetra"] },
  });
  const once = withPreviews.merge("POST /graphql");
  assert.deepEqual(once.mediaType.previews, ["jean-grey", "symmetra"]);
  assert.deepStrictEqual(withPreviews.merge(withPreviews.merge("POST /graphql")), once);

  const previews = fc.array(fc.constantFrom("a-preview", "a", "b", "b-preview"), { maxLength: 3 });
  const level = fc.tuple(options, previews).map(([rest, list]) => ({
    ...rest,
    mediaType: { ...rest.mediaType, previews: list },
  }));
  let graphqlRuns = 0;
  fc.assert(
    fc.property(
      fc.constantFrom("POST /graphql", "POST https://ghe.example/api/graphql", "GET /x/{owner}"),
      fc.array(level, { maxLength: 3 }),
      level,
      (route, levels, callOptions) => {
        let derived, merged;
        try {
          derived = levels.reduce((current, defaults) => current.defaults(defaults), endpoint);
          merged = derived.merge(route, callOptions);
        } catch (error) {
          // Documented: a plain object merged onto a primitive default that holds objects.
          assert.ok(error instanceof TypeError, String(error));
          return;
        }
        if (route.endsWith("/graphql")) graphqlRuns++;
        // Contents, not prototypes: merging again copies a null-prototype `request` taken from
        // the defaults into a plain object (as octokit does); structuredClone drops prototypes.
        const contents = structuredClone(merged);
        assert.deepStrictEqual(structuredClone(derived.merge(merged)), contents);
        assert.deepStrictEqual(structuredClone(derived.merge(derived.merge(merged))), contents);
      },
    ),
    { seed: 11, numRuns: 500 },
  );
  assert.ok(graphqlRuns > 100, `only ${graphqlRuns} GraphQL merges ran`);
});

Deno.test("DEFAULTS stay unchanged by calls, merges and derived defaults", () => {
  const before = structuredClone(endpoint.DEFAULTS);
  const derived = endpoint.defaults({
    mediaType: { previews: ["foo-preview"] },
    headers: { "X-Level": "1" },
    request: { timeout: 5 },
  });
  const derivedBefore = structuredClone(derived.DEFAULTS);
  for (const callable of [endpoint, derived]) {
    callable("POST /graphql", { query: "{}" });
    callable("POST /graphql", { query: "{}", mediaType: { previews: ["bar-preview"] } });
    callable("GET /x", { headers: { Accept: "text/plain" }, request: { retries: 1 } });
    callable.merge("POST https://ghe.example/api/graphql");
    callable.defaults({ headers: { "x-level": "2" }, mediaType: { format: "raw" } });
  }
  assert.deepEqual(endpoint.DEFAULTS, before);
  assert.deepEqual(derived.DEFAULTS, derivedBefore);
  assert.deepEqual(derived.DEFAULTS.mediaType.previews, ["foo-preview"]);
});

Deno.test("endpoint() never pollutes Object.prototype from JSON __proto__ payloads", async (t) => {
  const payload = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
  const cases: Record<string, () => unknown> = {
    options: () => endpoint("GET /x", JSON.parse(payload)),
    "object form": () => endpoint({ url: "/x", ...JSON.parse(payload) }),
    headers: () => endpoint("POST /x", { headers: JSON.parse(payload) }),
    "nested options": () =>
      endpoint("POST /x", JSON.parse(`{"a":${payload},"request":${payload}}`)),
    defaults: () => endpoint.defaults(JSON.parse(payload))("GET /x"),
    "defaults headers": () => endpoint.defaults({ headers: JSON.parse(payload) })("GET /x"),
    "nested defaults": () =>
      endpoint.defaults(JSON.parse(`{"request":${payload}}`))(
        "GET /x",
        JSON.parse(
          `{"request":${payload}}`,
        ),
      ),
    mediaType: () => endpoint("POST /graphql", { mediaType: JSON.parse(payload) }),
    "parse()": () =>
      endpoint.parse({ ...endpoint.DEFAULTS, url: "/x", headers: JSON.parse(payload) }),
  };
  for (const [name, run] of Object.entries(cases)) {
    await t.step(name, () => {
      const result = run() as { url: string; headers: Record<string, unknown>; body?: unknown };
      assertPrototypeClean();
      assert.equal(result.headers.polluted, undefined);
      assert.doesNotMatch(result.url, /polluted/);
    });
  }
});
