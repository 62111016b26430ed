// The inputs of a local run as a GitHub runner hands them to the step (actions/runner's
// ActionRunner.RunAsync): names compared without regard to case, every input action.yml declares
// and the workflow leaves out set to its default, and a warning in the runner's words naming the
// inputs action.yml does not declare.

/** An input `action.yml` declares: its name and its default (`""` when it has none). */
export interface DeclaredInput {
  name: string;
  default: string;
}

/** A YAML scalar as action.yml writes defaults: double-quoted, single-quoted or plain. */
function scalar(text: string, name: string): string {
  if (text.startsWith('"')) return JSON.parse(text);
  if (text.startsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  if (/^[|>]/.test(text) || text.includes("${{")) {
    throw new Error(
      `action.yml: the local run cannot read the default of input "${name}" (${text}): write it as a quoted string`,
    );
  }
  return text;
}

/**
 * The inputs of `action.yml`'s text, in its order: the two-space keys of its top-level `inputs:`
 * mapping and their `default:` lines.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { declaredInputs } from "./local_inputs.ts";
 *
 * const yaml = 'name: x\ninputs:\n  a:\n    description: >-\n      A.\n  b:\n    default: "1"\nruns:\n  using: node24\n';
 * assert.deepEqual(declaredInputs(yaml), [{ name: "a", default: "" }, { name: "b", default: "1" }]);
 * ```
 */
export function declaredInputs(actionYml: string): DeclaredInput[] {
  const lines = actionYml.split("\n");
  const start = lines.indexOf("inputs:");
  if (start < 0) throw new Error('action.yml: no top-level "inputs:" mapping');
  const inputs: DeclaredInput[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const name = /^ {2}([^\s#][^:]*):\s*$/.exec(line)?.[1];
    if (name !== undefined) inputs.push({ name, default: "" });
    const fallback = /^ {4}default:\s*(.*?)\s*$/.exec(line)?.[1];
    const current = inputs.at(-1);
    if (fallback !== undefined && current !== undefined) {
      current.default = scalar(fallback, current.name);
    }
  }
  return inputs;
}

/** `given`'s value of input `name`, whatever the case of its name there (the last one wins). */
function givenValue(given: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(given).findLast((key) => key.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : given[key];
}

/**
 * The inputs the step gets: `given` (names as written), and every declared input `given` leaves
 * out, with its default.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runnerInputs } from "./local_inputs.ts";
 *
 * const declared = [{ name: "universe", default: "googleapis.com" }, { name: "project_id", default: "" }];
 * assert.deepEqual(runnerInputs({ Project_ID: "p" }, declared), {
 *   Project_ID: "p",
 *   universe: "googleapis.com",
 * });
 * ```
 */
export function runnerInputs(
  given: Record<string, string>,
  declared: readonly DeclaredInput[],
): Record<string, string> {
  const inputs = { ...given };
  for (const input of declared) {
    if (givenValue(given, input.name) === undefined) inputs[input.name] = input.default;
  }
  return inputs;
}

/**
 * The runner's warning about the inputs of `given` that action.yml does not declare, word for
 * word as actions/runner writes it, or `undefined` when there are none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { unexpectedInputsWarning } from "./local_inputs.ts";
 *
 * const declared = [{ name: "project_id", default: "" }, { name: "universe", default: "" }];
 * assert.equal(
 *   unexpectedInputsWarning(["bogus", "PROJECT_ID"], declared),
 *   "Unexpected input(s) 'bogus', valid inputs are ['project_id', 'universe']",
 * );
 * ```
 */
export function unexpectedInputsWarning(
  given: readonly string[],
  declared: readonly DeclaredInput[],
): string | undefined {
  // Both sets ignore case, as the runner's do; a name given twice is named once, as first given.
  const seen = new Set(declared.map((input) => input.name.toLowerCase()));
  const unexpected = given.filter((name) => {
    const known = seen.has(name.toLowerCase());
    seen.add(name.toLowerCase());
    return !known;
  });
  if (unexpected.length === 0) return undefined;
  return `Unexpected input(s) '${unexpected.join("', '")}', valid inputs are ['${
    declared.map((input) => input.name).join("', '")
  }']`;
}
