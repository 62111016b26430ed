// Expands parsed RFC 6570 parts against a set of variables.
import { encodeReserved, encodeUnreserved } from "./_encode.ts";
import type { Expression, Operator, Part, VarSpec } from "./_template_syntax.ts";
import { UriTemplateError } from "./uri_template_error.ts";

/** How expansion treats values and names. */
export interface ExpandOptions {
  /** The template, for error messages. */
  readonly template: string;
  /** Throw on a prefix modifier applied to a list or map (RFC), instead of ignoring it. */
  readonly strict: boolean;
  /** Variable names that always expand as undefined. */
  readonly unbound?: ReadonlySet<string>;
}

/**
 * The first `length` code points of `value`: the string iterator yields a surrogate pair as one
 * code point and a lone surrogate as one, and stops being read at the cut.
 */
function prefixOf(value: string, length: number): string {
  if (value.length <= length) return value;
  let end = 0;
  let count = 0;
  for (const char of value) {
    if (count++ === length) break;
    end += char.length;
  }
  return value.slice(0, end);
}

function isScalar(value: unknown): value is string | number | bigint | boolean {
  const type = typeof value;
  return type === "string" || type === "number" || type === "bigint" || type === "boolean";
}

function namedPair(name: string, value: string, operator: Operator): string {
  return value === "" ? name + operator.ifEmpty : name + "=" + value;
}

function expandComposite(
  operator: Operator,
  spec: VarSpec,
  value: object,
  encode: (value: string) => string,
): string | undefined {
  const separator = spec.explode ? operator.separator : ",";
  let result = "";
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item === undefined || item === null) continue;
      const encoded = encode(String(item));
      const piece = spec.explode && operator.named
        ? namedPair(spec.name, encoded, operator)
        : encoded;
      result += count++ === 0 ? piece : separator + piece;
    }
  } else {
    const map = value as Record<string, unknown>;
    for (const key of Object.keys(map)) {
      const item = map[key];
      if (item === undefined || item === null) continue;
      const encodedKey = encode(key);
      const encoded = encode(String(item));
      const piece = spec.explode
        ? (operator.named ? namedPair(encodedKey, encoded, operator) : encodedKey + "=" + encoded)
        : encodedKey + "," + encoded;
      result += count++ === 0 ? piece : separator + piece;
    }
  }
  if (count === 0) return undefined;
  return !spec.explode && operator.named ? namedPair(spec.name, result, operator) : result;
}

function expandVariable(
  operator: Operator,
  spec: VarSpec,
  value: unknown,
  options: ExpandOptions,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  const encode = operator.allowReserved ? encodeReserved : encodeUnreserved;
  if (isScalar(value)) {
    const text = String(value);
    const encoded = encode(spec.prefix === 0 ? text : prefixOf(text, spec.prefix));
    return operator.named ? namedPair(spec.name, encoded, operator) : encoded;
  }
  if (typeof value !== "object" && typeof value !== "function") return undefined;
  if (spec.prefix !== 0 && options.strict) {
    throw new UriTemplateError(
      `Cannot apply a prefix modifier to the list or map "${spec.name}"`,
      options.template,
      spec.index,
    );
  }
  return expandComposite(operator, spec, value, encode);
}

function lookup(
  variables: object,
  name: string,
  unbound: ReadonlySet<string> | undefined,
): unknown {
  if (unbound?.has(name) || !Object.hasOwn(variables, name)) return undefined;
  return (variables as Record<string, unknown>)[name];
}

function expandExpression(
  expression: Expression,
  variables: object,
  options: ExpandOptions,
): string {
  const { operator } = expression;
  let result = "";
  let count = 0;
  for (const spec of expression.variables) {
    const value = lookup(variables, spec.name, options.unbound);
    const piece = expandVariable(operator, spec, value, options);
    if (piece === undefined) continue;
    result += count++ === 0 ? operator.first + piece : operator.separator + piece;
  }
  return result;
}

/**
 * Expands parsed template parts.
 *
 * @throws {UriTemplateError} In strict mode, for a prefix modifier on a list or map value.
 */
export function expandParts(
  parts: readonly Part[],
  variables: object,
  options: ExpandOptions,
): string {
  let result = "";
  for (const part of parts) {
    result += typeof part === "string" ? part : expandExpression(part, variables, options);
  }
  return result;
}
