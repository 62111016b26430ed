// Deep merge of options onto defaults, as @octokit/endpoint does it, minus prototype tricks: keys
// that could reach a prototype (`__proto__`, `constructor`, `prototype`) are never copied.

/** True for the keys never copied from options, headers or defaults. */
export function isUnsafeKey(key: string): boolean {
  return key === "__proto__" || key === "constructor" || key === "prototype";
}

type AnyRecord = Record<string, unknown>;

/**
 * True for object literals and `Object.create(null)`: the `[object Object]` tag and either no
 * prototype or a prototype whose own `constructor` is a function that is an instance of itself
 * (`Object`, from any realm).
 */
export function isPlainObject(value: unknown): value is AnyRecord {
  if (typeof value !== "object" || value === null) return false;
  if (Object.prototype.toString.call(value) !== "[object Object]") return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === null) return true;
  const constructor = Object.hasOwn(prototype, "constructor") && prototype.constructor;
  return typeof constructor === "function" && constructor instanceof constructor;
}

/**
 * Copies the own enumerable string keys of `source` onto `target` with plain assignment, skipping
 * unsafe keys. A primitive source contributes its indexed characters, as `Object.assign` does.
 */
export function assignSafe(target: AnyRecord, source: unknown): AnyRecord {
  if (source === undefined || source === null) return target;
  const from = source as AnyRecord;
  for (const key of Object.keys(from)) {
    if (!isUnsafeKey(key)) target[key] = from[key];
  }
  return target;
}

/**
 * A new object with `defaults`' keys, then `options`' keys on top: plain objects merge
 * recursively with the default of the same key, anything else (arrays included) replaces it.
 * Neither argument is mutated.
 *
 * @throws {TypeError} When a plain object meets a `null` or primitive default and has nested plain
 * objects itself (as @octokit/endpoint does).
 */
export function mergeDeep(defaults: unknown, options: AnyRecord): AnyRecord {
  const result = assignSafe({}, defaults);
  for (const key of Object.keys(options)) {
    if (isUnsafeKey(key)) continue;
    const value = options[key];
    if (isPlainObject(value) && key in (defaults as object)) {
      result[key] = mergeDeep((defaults as AnyRecord)[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}
