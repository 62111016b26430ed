/**
 * Hardening: random templates and merges (fast-check, fixed seeds) throw nothing but the
 * documented UriTemplateError and TypeError and never pollute Object.prototype; hostile inputs
 * (the ReDoS strings of CVE-2025-25285 and 100k-character templates and routes) take linear time.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { endpoint, parseTemplate, UriTemplateError } from "../../endpoint/mod.ts";
import { assertLinear } from "../support/linear_time.ts";

const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

function assertPrototypeClean(): void {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), OBJECT_PROTOTYPE_KEYS);
}

const templateText = fc.string({
  unit: fc.constantFrom(
    ..."{}{}+#./;?&=,!@|:*%-_0123456789aZ é".split(""),
    "{a}",
    "{?a,b*}",
    "{+path:3}",
    "\uD800",
    "%2F",
  ),
  maxLength: 30,
});
const variableValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(undefined, null, "", [], {}),
  fc.array(fc.oneof(fc.string(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 3 }),
);
const variables = fc.dictionary(
  fc.constantFrom("a", "b", "path", "var", "__proto__", "constructor", "toString"),
  variableValue,
);

Deno.test("parseTemplate() throws only UriTemplateError on random templates", () => {
  let valid = 0;
  fc.assert(
    fc.property(templateText, variables, (template, values) => {
      let compiled;
      try {
        compiled = parseTemplate(template);
      } catch (error) {
        assert.ok(error instanceof UriTemplateError, `${JSON.stringify(template)}: ${error}`);
        assert.equal(error.template, template);
        assert.ok(error.index >= 0 && error.index <= template.length);
        return;
      }
      valid++;
      try {
        const expanded = compiled.expand(values);
        assert.equal(typeof expanded, "string");
        assert.ok(expanded.isWellFormed());
      } catch (error) {
        // The only expansion error: a prefix modifier on a list or map.
        assert.ok(error instanceof UriTemplateError, `${JSON.stringify(template)}: ${error}`);
        assert.match(error.message, /prefix modifier/);
      }
      assertPrototypeClean();
    }),
    { seed: 42, numRuns: 5000 },
  );
  assert.ok(valid > 500, `only ${valid} valid templates were generated`);
});

const hostileKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "headers",
  "mediaType",
  "request",
  "data",
  "url",
  "method",
  "baseUrl",
  "a",
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.integer(),
    fc.constantFrom(undefined, null, true, "/graphql", "GET /{a}"),
    fc.array(tie("value"), { maxLength: 2 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 3 }),
  ),
})).value;
const hostileOptions = fc.dictionary(hostileKey, hostileValue, { maxKeys: 5 })
  .map((record) => JSON.parse(JSON.stringify(record) ?? "{}"));

Deno.test("endpoint() throws only TypeError or UriTemplateError on random merges", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("GET /{a}", "POST /graphql")),
      hostileOptions,
      hostileOptions,
      (route, options, defaults) => {
        try {
          endpoint.defaults(defaults)(route, options);
          endpoint(options);
        } catch (error) {
          assert.ok(
            error instanceof TypeError || error instanceof UriTemplateError,
            `${JSON.stringify({ route, options, defaults })}: ${error}`,
          );
        }
        assertPrototypeClean();
      },
    ),
    { seed: 1337, numRuns: 5000 },
  );
});

function attempt(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof UriTemplateError)) throw error;
  }
}

Deno.test("endpoint() takes linear time on hostile input", async (t) => {
  const cases: Record<string, (size: number) => () => void> = {
    "ReDoS #1: graphql accept of A...A-": (size) => () =>
      endpoint.parse({
        ...endpoint.DEFAULTS,
        method: "POST",
        url: "/graphql",
        headers: { ...endpoint.DEFAULTS.headers, accept: "A".repeat(size) + "-" },
        mediaType: { format: "", previews: ["test"] },
      }),
    "ReDoS #2: url of {{{...@": (size) => () =>
      attempt(() => endpoint.parse({ ...endpoint.DEFAULTS, url: "{".repeat(size) + "@" })),
    "ReDoS #3: url of {00 NUL... a!a}": (size) => () =>
      attempt(() =>
        endpoint.parse({ ...endpoint.DEFAULTS, url: "{00" + "\0".repeat(size) + "a!a}" })
      ),
    "a template of many expressions": (size) => () =>
      endpoint("GET /x" + "{/a}{?b}".repeat(size / 8), { a: "1", b: "2" }),
    "a route of many :name segments": (size) => () =>
      endpoint("GET " + "/:ab".repeat(size / 4), { ab: "v" }),
    "a long unclosed expression": (size) => () =>
      attempt(() => endpoint("GET /{" + "a".repeat(size))),
    "a long literal needing encoding": (size) => () => endpoint("GET /" + "é %".repeat(size / 3)),
    "a long accept with a format": (size) => () =>
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github.v3".repeat(size / 25) },
        mediaType: { format: "raw" },
      }),
    "a long search q": (size) => () => endpoint("GET /search/code", { q: "a+b ".repeat(size / 4) }),
    "parseTemplate() of a long template": (size) => () =>
      attempt(() => parseTemplate("{a}".repeat(size / 3)).expand({ a: "x" })),
  };
  for (const [name, make] of Object.entries(cases)) {
    await t.step(name, () => assertLinear(make));
  }
});

Deno.test("assertLinear() rejects quadratic work", () => {
  // One full scan of the input per 20 characters: 5,000 scans of 100k against 500 of 10k.
  const quadratic = (size: number) => () => {
    const text = "a".repeat(size);
    let misses = 0;
    for (let scan = 0; scan < size / 20; scan++) misses += text.indexOf("b", scan);
    return misses;
  };
  assert.throws(() => assertLinear(quadratic), /times as much expected/);
});
