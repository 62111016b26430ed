// Names a value's type for error messages.

/** `null`, `array` or the `typeof` of `value`. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}
