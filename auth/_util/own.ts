// Reading options through own properties only: a program that pollutes Object.prototype (a
// vulnerable dependency merging untrusted JSON) must not be able to set an option that the
// caller left out, such as `endpoints`, and so redirect tokens to another host.

/** Whether `value` is an object literal's kind: its prototype `Object.prototype` or none. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether `value` has an own function-valued property: an object with methods, such as a logger. */
function hasMethod(value: Record<string, unknown>): boolean {
  return Object.keys(value).some((key) => typeof value[key] === "function");
}

/**
 * A copy of `value` that holds only its own enumerable properties, on a null prototype, with every
 * plain object and array inside it copied the same way (`endpoints`, `retry`, `oidcRequest`, the
 * scopes): an option that is not set reads as `undefined` whatever `Object.prototype` holds.
 * Functions, class instances (an `AbortSignal`, a logger class) and nested objects with methods (a
 * logger literal whose methods keep state in `this`) are kept as they are.
 */
export function ownCopy<T>(value: T, depth = 0): T {
  if (depth > 4) return value;
  if (Array.isArray(value)) {
    // Own elements only: a hole would read Object.prototype[index].
    return Object.keys(value).filter((key) => /^\d+$/.test(key)).map((key) =>
      ownCopy(value[Number(key)], depth + 1)
    ) as T;
  }
  if (!isPlainObject(value)) return value;
  if (depth > 0 && hasMethod(value)) return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) copy[key] = ownCopy(value[key], depth + 1);
  return copy as T;
}

/** `value`'s own properties on a null prototype (one level): for objects built inside `auth/`. */
export function withoutPrototype<T extends object>(value: T): T {
  return Object.assign(Object.create(null), value);
}

/**
 * `options[name]` when it is an own property of `options`, else `undefined`: an option read from
 * an object built by spreading or destructuring an own copy (which has `Object.prototype` again)
 * still never reads a polluted prototype.
 */
export function ownOption<T extends object, K extends keyof T>(
  options: T,
  name: K,
): T[K] | undefined {
  return Object.hasOwn(options, name) ? options[name] : undefined;
}
