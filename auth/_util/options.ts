// Options objects as JavaScript hands them over: TypeScript checks option names and values at
// compile time only, so a misspelt name (`tokenformat`) or a bad value reaching a public function
// is refused here as a CredentialsError with a stable code, never ignored or thrown as a built-in.
import { CredentialsError } from "../errors.ts";
import { UNKNOWN_OPTION_HINT } from "../_hints.ts";
import { quote } from "./quote.ts";
import type { CallOptions } from "../types.ts";

/**
 * What `typeof` must say of an option's value (`"array"`: `Array.isArray()`), read from its type
 * `V` in the options interface; `true` (anything) where the type allows several kinds, such as a
 * string or an object.
 */
export type OptionKind<V> = [V] extends [(...args: never[]) => unknown] ? "function"
  : [V] extends [string] ? "string"
  : [V] extends [boolean] ? "boolean"
  : [V] extends [number] ? "number"
  : [V] extends [readonly unknown[]] ? "array"
  : [V] extends [object] ? "object"
  : true;

/**
 * Every option name of `T` with the kind of its value, as an object the compiler checks against
 * `T`: a name left out, one `T` does not have, or a kind its type does not give fails the type
 * check, so the run-time list cannot drift from the interface.
 */
export type OptionNameSet<T> = {
  readonly [K in keyof Required<T>]: OptionKind<NonNullable<T[K]>>;
};

/** The names of {@linkcode CallOptions}, which most options interfaces extend. */
export const CALL_OPTION_NAMES: OptionNameSet<CallOptions> = {
  fetch: "function",
  now: "function",
  sleep: "function",
  signal: "object",
  retry: "object",
  timeoutMs: "number",
  requestReason: "string",
  log: "object",
};

/**
 * The option names of `T`: those of `base` (the names of `B`, an interface `T` extends) and `own`,
 * the rest, which the compiler checks as it checks a literal (no name missing, none `T` lacks).
 * Called, not spread into a literal: a bundler drops an unused pure call, and keeps an unused
 * object literal with a spread in it, so a bundle that never checks a function's options would
 * carry its names.
 */
export function optionNames<T, B = CallOptions>(
  base: OptionNameSet<B>,
  own: OptionNameSet<Omit<T, keyof B>>,
): OptionNameSet<T> {
  return Object.assign({}, base, own) as unknown as OptionNameSet<T>;
}

/** A bad option value: `ERR_OPTIONS_INVALID`, naming the option in `option`. */
export function invalidOption(option: string, message: string, hint?: string): CredentialsError {
  return new CredentialsError("ERR_OPTIONS_INVALID", message, {
    option,
    ...(hint === undefined ? {} : { hint }),
  });
}

/** Refuses the value of option `name` of `fn` unless it is undefined or of the kind `known` gives it. */
function refuseWrongKind<T>(
  name: string,
  value: unknown,
  known: OptionNameSet<T>,
  fn: string,
): void {
  const kind = (known as Readonly<Record<string, string | true>>)[name];
  // `typeof null` is "object": null is no value of any kind.
  const fits = kind === "array" ? Array.isArray(value) : typeof value === kind && value !== null;
  if (kind === true || value === undefined || fits) return;
  throw invalidOption(
    name,
    `Cannot use option ${quote(name)} of ${fn}: expected ${
      kind === "array" ? "a list" : kind === "object" ? "an object" : `a ${kind}`
    }, got ${value === null ? "null" : Array.isArray(value) ? "a list" : typeof value}`,
  );
}

/**
 * Refuses an option that must be an object with each of `methods` (a supplier, a token store):
 * `ERR_OPTIONS_INVALID` naming `option` and the first method missing.
 */
export function requireMethods(option: string, value: unknown, methods: readonly string[]): void {
  const record = value as Record<string, unknown> | null;
  for (const method of methods) {
    if (typeof record !== "object" || record === null || typeof record[method] !== "function") {
      throw invalidOption(
        option,
        `Cannot use option "${option}": expected an object with a ${method}() method`,
      );
    }
  }
}

/** The edit distance of two short names (Levenshtein), for the nearest known option. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** `token_format`, `TokenFormat` and `tokenformat` all read as `tokenformat`. */
const folded = (name: string) => name.toLowerCase().replace(/[_-]/g, "");

/**
 * The known name `name` most likely meant: the same name in another case or with `_`/`-` (the
 * step's input names), one up to two edits away (one for a short name), or one that starts or
 * ends with it (`scopes` for `accessTokenScopes`); `undefined` when none is close.
 */
function nearestName(name: string, known: readonly string[]): string | undefined {
  const wanted = folded(name);
  if (wanted.length < 3) return undefined;
  const close = known.map((candidate) => {
    const folding = folded(candidate);
    const edits = distance(wanted, folding);
    const part = wanted.length >= 4 && (folding.startsWith(wanted) || folding.endsWith(wanted));
    return { candidate, edits, close: edits <= (wanted.length < 6 ? 1 : 2) || part };
  }).filter((entry) => entry.close).sort((a, b) => a.edits - b.edits);
  return close[0]?.candidate;
}

/**
 * Refuses an options object holding a name `known` does not list, or a value of another kind
 * than `known` gives its name: JavaScript callers get no compile-time check, and an option they
 * misspelt would be ignored silently, one of another type (`refuseLocalSources: "true"`) misread.
 * The message names the option and, when one is close, the known name it likely meant, or the
 * kind expected and the one given.
 *
 * @param options The caller's options (anything that is not an object is left to the caller).
 * @param known Every option name of the function, with its kind.
 * @param fn How messages name the function, such as `authenticate()`.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID`, `option` the name at fault.
 */
export function refuseUnknownOptions<T>(
  options: unknown,
  known: OptionNameSet<T>,
  fn: string,
): void {
  if (typeof options !== "object" || options === null) return;
  const names = Object.keys(known);
  for (const [name, value] of Object.entries(options)) {
    if (Object.hasOwn(known, name)) {
      refuseWrongKind(name, value, known, fn);
      continue;
    }
    const near = nearestName(name, names);
    throw invalidOption(
      name,
      `Cannot use option ${quote(name)} of ${fn}: ${fn} has no such option${
        near === undefined ? "" : `; did you mean ${quote(near)}?`
      }`,
      UNKNOWN_OPTION_HINT,
    );
  }
}
