/**
 * Parsers of the step's input formats: booleans, durations and multi-line CSV lists, as
 * `google-github-actions/auth` accepts them, with errors that name the input.
 *
 * @module
 */

import { quote } from "../auth/_step.ts";
import { booleanValue } from "./boolean_value.ts";
import { ActionInputError } from "./errors.ts";

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };

/**
 * Parses a boolean input: `true`, `True`, `TRUE`, `t`, `T`, `1` and their false counterparts;
 * an empty value gives `fallback` (the input's documented default).
 *
 * @param input The input name (for the error).
 * @param value The trimmed value.
 * @param fallback The value when empty.
 * @returns The boolean.
 * @throws {ActionInputError} For anything else (`yes`, `on`, `tRuE`, ...).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBooleanInput } from "./input_parsers.ts";
 *
 * assert.equal(parseBooleanInput("cleanup_credentials", "False", true), false);
 * assert.equal(parseBooleanInput("cleanup_credentials", "", true), true);
 * assert.throws(() => parseBooleanInput("cleanup_credentials", "yes", true), /cleanup_credentials/);
 * ```
 */
export function parseBooleanInput(input: string, value: string, fallback: boolean): boolean {
  const parsed = booleanValue(value, fallback);
  if (parsed !== undefined) return parsed;
  throw new ActionInputError(
    input,
    `Invalid input "${input}": ${quote(value)} is not a boolean`,
    { hint: `Set "${input}" to true or false` },
  );
}

/**
 * Parses a duration input into whole seconds: digits followed by `h`, `m` or `s` (a trailing bare
 * number is seconds), such as `3600s`, `3600`, `1h30m`; spaces and commas are ignored. An empty
 * value gives 0 (use the default).
 *
 * @param input The input name (for the error).
 * @param value The trimmed value.
 * @returns The duration in seconds.
 * @throws {ActionInputError} For any other unit or character (`1d`, `1.5h`, `-1s`, `h`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDurationInput } from "./input_parsers.ts";
 *
 * assert.equal(parseDurationInput("access_token_lifetime", "1h30m"), 5400);
 * assert.equal(parseDurationInput("access_token_lifetime", "3600"), 3600);
 * assert.throws(() => parseDurationInput("access_token_lifetime", "1d"), /access_token_lifetime/);
 * ```
 */
export function parseDurationInput(input: string, value: string): number {
  let total = 0;
  let digits = "";
  for (let index = 0; index < value.length; index++) {
    const char = value[index] ?? "";
    if (char === " " || char === "," || char === "\t" || char === "\n" || char === "\r") continue;
    if (char >= "0" && char <= "9") {
      digits += char;
      continue;
    }
    const unit = UNIT_SECONDS[char];
    if (unit === undefined || digits === "") {
      throw new ActionInputError(
        input,
        `Invalid input "${input}": ${quote(value)} is not a duration (unexpected ${
          JSON.stringify(char)
        } at position ${index})`,
        {
          hint:
            `Write "${input}" as whole hours, minutes and seconds, such as 3600s, 3600 or 1h30m`,
        },
      );
    }
    total += Number(digits) * unit;
    digits = "";
  }
  return digits === "" ? total : total + Number(digits);
}

/**
 * Splits a list input on newlines and commas (`\,` keeps a literal comma), trimming every entry
 * and dropping empty ones.
 *
 * @param value The value.
 * @returns The entries.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMultilineCsv } from "./input_parsers.ts";
 *
 * assert.deepEqual(parseMultilineCsv("a@x.iam.gserviceaccount.com, b\n c\\,d\n"), [
 *   "a@x.iam.gserviceaccount.com",
 *   "b",
 *   "c,d",
 * ]);
 * ```
 */
export function parseMultilineCsv(value: string): string[] {
  const entries: string[] = [];
  for (const line of value.split(/\r?\n/)) {
    for (const entry of line.split(/(?<!\\),/)) {
      const trimmed = entry.replaceAll("\\,", ",").trim();
      if (trimmed !== "") entries.push(trimmed);
    }
  }
  return entries;
}
