// Reading parsed JSON safely: own fields only, objects told from arrays, and where a parse failed
// without quoting the input.

/**
 * Where `JSON.parse` failed, as ` (error at position N)`, or `""`: only the position, as the
 * engine's message may quote the input (a secret).
 */
export function jsonErrorAt(error: unknown): string {
  const position = error instanceof Error ? /position \d+/.exec(error.message)?.[0] : undefined;
  return position === undefined ? "" : ` (error at ${position})`;
}

/** Whether `value` is a JSON object (not an array or null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own property `field` of `json` when it is an object (never an inherited one), else undefined. */
export function fieldOf(json: unknown, field: string): unknown {
  if (typeof json !== "object" || json === null || !Object.hasOwn(json, field)) return undefined;
  return (json as Record<string, unknown>)[field];
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
