/**
 * {@linkcode booleanValue}: the boolean inputs' values as `google-github-actions/auth` reads them,
 * in a module of its own so that the post step's bundle needs nothing else of the inputs.
 *
 * @module
 */

const TRUE = new Set(["1", "t", "T", "true", "True", "TRUE"]);
const FALSE = new Set(["0", "f", "F", "false", "False", "FALSE"]);

/**
 * The value of a boolean input without an error: `true`, `True`, `TRUE`, `t`, `T`, `1` and their
 * false counterparts; `fallback` when empty; `undefined` for anything else. (The post step uses
 * it alone: it only warns, so its bundle carries no error class.)
 *
 * @param value The trimmed value.
 * @param fallback The value when empty.
 * @returns The boolean, or `undefined` when `value` is not one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { booleanValue } from "./boolean_value.ts";
 *
 * assert.equal(booleanValue("T", false), true);
 * assert.equal(booleanValue("", false), false);
 * assert.equal(booleanValue("yes", false), undefined);
 * ```
 */
export function booleanValue(value: string, fallback: boolean): boolean | undefined {
  if (value === "") return fallback;
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return undefined;
}
