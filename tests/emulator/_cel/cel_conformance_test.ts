// The CEL conformance data (cel-spec, as shipped in @bufbuild/cel-spec) run over the emulator's CEL
// subset. Every test of every file is tried and counted. The assertions hold on the sections that
// cover what Google documents for attribute mappings and conditions: there each test passes, or
// needs a value or feature the subset leaves out (the parser names it); every other section is
// listed with the reason it lies outside.
import assert from "node:assert/strict";
import { tests as conformance } from "@bufbuild/cel-spec/testdata/conformance.js";
import {
  CelEvaluationError,
  CelSyntaxError,
  type CelValue,
  compileCel,
} from "../../../emulator/_cel/cel.ts";

/** The JSON form of a `cel.expr.Value`, as the conformance files hold it. */
type ExprValue = {
  int64Value?: string;
  stringValue?: string;
  boolValue?: boolean;
  nullValue?: unknown;
  listValue?: { values?: ExprValue[] };
  mapValue?: { entries?: { key: ExprValue; value: ExprValue }[] };
  [other: string]: unknown;
};

type ConformanceTest = {
  name?: string;
  expr: string;
  value?: ExprValue;
  evalError?: unknown;
  bindings?: Record<string, { value?: ExprValue }>;
  container?: string;
  checkOnly?: boolean;
};

type Suite = { name: string; suites?: Suite[]; tests?: { original: ConformanceTest }[] };

/** Marks a value the subset has no representation for (uint, double, bytes, type, message...). */
const OUTSIDE = Symbol("outside the subset");

function fromExprValue(value: ExprValue): CelValue | typeof OUTSIDE {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if ("nullValue" in value) return null;
  if (value.int64Value !== undefined) {
    const number = Number(value.int64Value);
    return Number.isSafeInteger(number) ? number : OUTSIDE;
  }
  if (value.listValue !== undefined) {
    const items = (value.listValue.values ?? []).map(fromExprValue);
    return items.includes(OUTSIDE) ? OUTSIDE : items as CelValue[];
  }
  if (value.mapValue !== undefined) {
    const map: Record<string, CelValue> = {};
    for (const { key, value: item } of value.mapValue.entries ?? []) {
      const converted = fromExprValue(item);
      if (key.stringValue === undefined || converted === OUTSIDE) return OUTSIDE;
      map[key.stringValue] = converted;
    }
    return map;
  }
  return OUTSIDE;
}

/** Errors that name a feature the subset leaves out, rather than a bug. */
const OUTSIDE_PROBLEMS = /: (unknown function|unknown method|.* not in the emulator's CEL subset)/;

type Outcome = "pass" | "fail" | "outside";

/** Runs one conformance test; `outside` when it needs a feature or value the subset lacks. */
function runTest(test: ConformanceTest): { outcome: Outcome; detail: string } {
  if (test.checkOnly) return { outcome: "outside", detail: "type checking only" };
  if (test.container) return { outcome: "outside", detail: "container (protobuf types)" };
  const variables: Record<string, CelValue> = {};
  for (const [name, binding] of Object.entries(test.bindings ?? {})) {
    if (name.includes(".")) return { outcome: "outside", detail: "qualified variable names" };
    const value = binding.value === undefined ? OUTSIDE : fromExprValue(binding.value);
    if (value === OUTSIDE) return { outcome: "outside", detail: `binding ${name}` };
    variables[name] = value;
  }
  const expected = test.value === undefined ? undefined : fromExprValue(test.value);
  if (expected === OUTSIDE) return { outcome: "outside", detail: "expected value type" };
  let program;
  try {
    program = compileCel(test.expr);
  } catch (error) {
    if (!(error instanceof CelSyntaxError)) throw error;
    const outside = OUTSIDE_PROBLEMS.test(error.message);
    return { outcome: outside ? "outside" : "fail", detail: error.message };
  }
  let actual: CelValue;
  try {
    actual = program(variables);
  } catch (error) {
    if (!(error instanceof CelEvaluationError)) throw error;
    const outcome = test.evalError !== undefined
      ? "pass"
      : OUTSIDE_PROBLEMS.test(`: ${error.message}`)
      ? "outside"
      : "fail";
    return { outcome, detail: error.message };
  }
  if (test.evalError !== undefined) {
    return { outcome: "fail", detail: `expected an error, got ${JSON.stringify(actual)}` };
  }
  try {
    assert.deepStrictEqual(actual, test.value === undefined ? true : expected);
    return { outcome: "pass", detail: "" };
  } catch {
    return { outcome: "fail", detail: `got ${JSON.stringify(actual)}` };
  }
}

type Tally = Record<Outcome, number>;

/**
 * The sections that hold what Google documents for attribute mappings and conditions (`assertion`,
 * `google`, `attribute`, selection, `has()`, `in`, `size()`, string methods, `matches()`, `&&`,
 * `||`, `!`, `?:`, comparisons, lists, maps, `exists()`/`all()`), with the number of their tests that
 * pass. No test of these sections may fail: each one passes or needs a feature left out of the
 * subset (doubles, unsigned and 64-bit integers, map keys other than strings, bytes, raw and
 * triple-quoted strings, protobuf types, functions outside the subset), which the count of the
 * rest records.
 */
const ASSERTED: Readonly<Record<string, number>> = {
  "basic/self_eval_zeroish": 7,
  "basic/self_eval_nonzeroish": 9,
  "basic/variables": 3,
  "basic/functions": 1,
  "basic/reserved_const": 3,
  "comparisons/eq_literal": 34,
  "comparisons/ne_literal": 17,
  "comparisons/lt_literal": 18,
  "comparisons/gt_literal": 13,
  "comparisons/lte_literal": 17,
  "comparisons/gte_literal": 17,
  "comparisons/in_list_literal": 4,
  "comparisons/in_map_literal": 3,
  "comparisons/bound": 7,
  "conversions/int": 1,
  "conversions/string": 2,
  "conversions/identity": 2,
  "fields/map_fields": 14,
  "fields/map_has": 3,
  "fields/in": 3,
  "fields/qualified_identifier_resolution": 3,
  "integer_math/int64_math": 35,
  "lists/concatenation": 6,
  "lists/index": 14,
  "lists/in": 4,
  "lists/size": 3,
  "logic/conditional": 5,
  "logic/AND": 11,
  "logic/OR": 11,
  "logic/NOT": 3,
  "macros/exists": 9,
  "macros/all": 9,
  "macros/nested": 1,
  "parse/nest": 3,
  "parse/repeat": 9,
  "parse/selectors": 17,
  "parse/string_literals": 34,
  "string/size": 5,
  "string/starts_with": 7,
  "string/ends_with": 7,
  "string/matches": 9,
  "string/concatenation": 9,
  "string/contains": 8,
};

/** Files and sections run and counted but not asserted on, and why they lie outside the subset. */
const SKIPPED: Readonly<Record<string, string>> = {
  "bindings_ext": "cel.bind() is a CEL extension Google does not document for attribute mappings",
  "block_ext": "cel.block() is an internal CEL extension",
  "comparisons/eq_wrapper": "protobuf wrapper types",
  "conversions/bytes": "bytes",
  "conversions/double": "doubles",
  "conversions/dyn": "doubles",
  "conversions/type": "type values",
  "conversions/uint": "unsigned integers",
  "conversions/bool": "bool() conversion",
  "dynamic": "protobuf message and wrapper types",
  "encoders_ext": "base64 encoders are a CEL extension",
  "enums": "protobuf enums",
  "fields/quoted_map_fields": "backtick-quoted field names",
  "fp_math": "doubles",
  "integer_math/uint64_math": "unsigned integers",
  "macros/exists_one": "exists_one() is not in the subset",
  "macros/map": "map() is not in the subset",
  "macros/filter": "filter() is not in the subset",
  "macros2": "two-variable comprehensions are a CEL extension",
  "math_ext": "math functions are a CEL extension",
  "namespace": "containers (protobuf packages)",
  "optionals": "optional values are a CEL extension",
  "parse/bytes_literals": "bytes",
  "parse/whitespace": "protobuf message literals",
  "parse/comments": "protobuf message literals",
  "parse/receiver_function_names": "methods on variables of no declared type",
  "parse/struct_field_names": "protobuf message literals",
  "plumbing": "conformance service plumbing",
  "proto2": "protobuf messages",
  "proto2_ext": "protobuf extensions",
  "proto3": "protobuf messages",
  "string/bytes_concat": "bytes",
  "string_ext": "string functions beyond the standard ones are a CEL extension",
  "timestamps": "timestamps and durations",
  "type_deductions": "type checking",
  "unknowns": "partial evaluation",
  "wrappers": "protobuf wrapper types",
};

function walk(
  suite: Suite,
  path: string,
  visit: (path: string, test: ConformanceTest) => void,
): void {
  for (const { original } of suite.tests ?? []) {
    visit(`${path}/${original.name ?? original.expr}`, original);
  }
  for (const child of suite.suites ?? []) walk(child, `${path}/${child.name}`, visit);
}

/** Every section of the conformance data, with how many of its tests pass, fail or lie outside. */
function runConformance(): { tallies: Map<string, Tally>; failures: string[] } {
  const tallies = new Map<string, Tally>();
  const failures: string[] = [];
  for (const file of (conformance as Suite).suites ?? []) {
    tallies.set(file.name, { pass: 0, fail: 0, outside: 0 });
    walk(file, file.name, (path, test) => {
      const { outcome, detail } = runTest(test);
      const section = path.split("/").slice(0, 2).join("/");
      const tally = tallies.get(section) ?? { pass: 0, fail: 0, outside: 0 };
      tally[outcome]++;
      tallies.set(section, tally);
      if (outcome === "fail" && section in ASSERTED) {
        failures.push(`${path}: ${test.expr.slice(0, 80)} -> ${detail}`);
      }
    });
  }
  return { tallies, failures };
}

function skipReason(section: string): string | undefined {
  return SKIPPED[section] ?? SKIPPED[section.split("/")[0] ?? ""];
}

Deno.test("CEL conformance data: the Google-documented sections pass on the emulator's subset", () => {
  const { tallies, failures } = runConformance();
  const sum = (sections: string[]): Tally =>
    sections.reduce((all, section) => {
      const t = tallies.get(section) ?? { pass: 0, fail: 0, outside: 0 };
      return { pass: all.pass + t.pass, fail: all.fail + t.fail, outside: all.outside + t.outside };
    }, { pass: 0, fail: 0, outside: 0 });
  const sections = [...tallies.keys()].filter((name) => name.includes("/"));
  const asserted = sum(Object.keys(ASSERTED));
  const files = [...tallies.keys()].filter((name) => !name.includes("/"));
  const perFile = files.map((file) => {
    const t = sum(sections.filter((name) => name.startsWith(`${file}/`)));
    return `${file} ${t.pass}/${t.pass + t.fail + t.outside}`;
  });
  console.log(`passed per file: ${perFile.join(", ")}`);
  console.log(
    `asserted sections: ${asserted.pass} passed, ${asserted.fail} failed, ` +
      `${asserted.outside} need features outside the subset`,
  );
  assert.deepEqual(failures, []);
  const passes = Object.fromEntries(
    Object.keys(ASSERTED).map((section) => [section, tallies.get(section)?.pass ?? 0]),
  );
  assert.deepEqual(passes, ASSERTED);
  const unclassified = sections.filter((name) => !(name in ASSERTED) && !skipReason(name));
  assert.deepEqual(unclassified, [], "each section is asserted or skipped with a reason");
  for (const name of Object.keys(SKIPPED)) assert.ok(tallies.has(name), `no section ${name}`);
});
