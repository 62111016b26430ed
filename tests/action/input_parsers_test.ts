import assert from "node:assert/strict";
import fc from "fast-check";
import { ActionInputError } from "../../action/errors.ts";
import { booleanValue } from "../../action/boolean_value.ts";
import {
  parseBooleanInput,
  parseDurationInput,
  parseMultilineCsv,
} from "../../action/input_parsers.ts";

const TRUE = ["1", "t", "T", "true", "True", "TRUE"];
const FALSE = ["0", "f", "F", "false", "False", "FALSE"];

Deno.test("parseBooleanInput() accepts exactly google-github-actions/auth's spellings", () => {
  for (const value of TRUE) assert.equal(parseBooleanInput("x", value, false), true);
  for (const value of FALSE) assert.equal(parseBooleanInput("x", value, true), false);
  assert.equal(parseBooleanInput("x", "", true), true);
  assert.equal(parseBooleanInput("x", "", false), false);
});

Deno.test("booleanValue() gives google-github-actions/auth's spellings, the fallback for empty, else undefined (property)", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.constantFrom(...TRUE, ...FALSE, ""), fc.string()),
      fc.boolean(),
      (value, fallback) => {
        const expected = value === ""
          ? fallback
          : TRUE.includes(value)
          ? true
          : FALSE.includes(value)
          ? false
          : undefined;
        assert.equal(booleanValue(value, fallback), expected);
      },
    ),
  );
});

Deno.test("parseBooleanInput() rejects every other string, naming the input (property)", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), (value) => {
      fc.pre(value !== "" && !TRUE.includes(value) && !FALSE.includes(value));
      assert.throws(
        () => parseBooleanInput("cleanup_credentials", value, true),
        (error: unknown) =>
          error instanceof ActionInputError && error.input === "cleanup_credentials" &&
          error.message.includes('"cleanup_credentials"'),
      );
    }),
    { seed: 20261122, numRuns: 2000 },
  );
});

Deno.test("parseDurationInput() reads h/m/s parts and bare seconds", async (t) => {
  const rows: [string, number][] = [
    ["3600s", 3600],
    ["3600", 3600],
    ["1h30m", 5400],
    ["1h 30m 15s", 5415],
    ["1h,30m", 5400],
    ["12h", 43200],
    ["90m", 5400],
    ["", 0],
    ["0s", 0],
  ];
  for (const [value, seconds] of rows) {
    await t.step(JSON.stringify(value), () => {
      assert.equal(parseDurationInput("access_token_lifetime", value), seconds);
    });
  }
});

Deno.test("parseDurationInput() rejects 1d, 1.5h, -1s and units without numbers", () => {
  for (const value of ["1d", "1.5h", "-1s", "h", "1hh", "1 hour", "PT1H", "1H"]) {
    assert.throws(() => parseDurationInput("access_token_lifetime", value), {
      name: "ActionInputError",
      input: "access_token_lifetime",
    }, value);
  }
});

Deno.test("parseDurationInput() equals h*3600 + m*60 + s for any well-formed value (property)", () => {
  const part = fc.nat({ max: 99 });
  fc.assert(
    fc.property(part, part, part, fc.boolean(), (h, m, s, bareSeconds) => {
      const text = `${h}h${m}m${s}${bareSeconds ? "" : "s"}`;
      assert.equal(parseDurationInput("x", text), h * 3600 + m * 60 + s);
    }),
    { seed: 42, numRuns: 1000 },
  );
});

Deno.test("parseDurationInput() either parses or throws ActionInputError for any string (property)", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 20 }), (value) => {
      try {
        const seconds = parseDurationInput("x", value);
        assert.ok(Number.isSafeInteger(seconds) && seconds >= 0);
      } catch (error) {
        assert.ok(error instanceof ActionInputError);
      }
    }),
    { seed: 7, numRuns: 3000 },
  );
});

Deno.test("parseMultilineCsv() splits on commas and newlines, keeping escaped commas", () => {
  assert.deepEqual(parseMultilineCsv(""), []);
  assert.deepEqual(parseMultilineCsv("a, b\r\n\n c ,\n"), ["a", "b", "c"]);
  assert.deepEqual(parseMultilineCsv("a\\,b,c"), ["a,b", "c"]);
});
