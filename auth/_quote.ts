// Quoting user-supplied (non-secret) values in messages: JSON-style quotes, bounded length.

const MAX_QUOTED = 120;

/** `"value"` with JSON escapes, shortened to about 120 characters. */
export function _quote(value: string): string {
  const shown = value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value;
  return JSON.stringify(shown);
}
