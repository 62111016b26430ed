// Parses RFC 6570 (level 4) template syntax into literal and expression parts. Literals come out
// already percent-encoded. The one extension, for endpoint(), is hyphens in variable names
// (GitHub's `{enterprise-team}`).
import { encodeReserved } from "./_encode.ts";
import { UriTemplateError } from "./uri_template_error.ts";

/** How an expression's operator expands its variables (RFC 6570 appendix A). */
export interface Operator {
  readonly first: string;
  readonly separator: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  readonly allowReserved: boolean;
}

/** One variable of an expression, such as `list*` or `var:3`. */
export interface VarSpec {
  readonly name: string;
  /** The prefix length in code points, `0` when there is no prefix modifier. */
  readonly prefix: number;
  readonly explode: boolean;
  /** Where the variable starts in the template. */
  readonly index: number;
}

/** A `{...}` expression. */
export interface Expression {
  readonly operator: Operator;
  readonly variables: readonly VarSpec[];
}

/** An encoded literal or an expression. */
export type Part = string | Expression;

function operatorOf(
  first: string,
  separator: string,
  named: boolean,
  ifEmpty: string,
  allowReserved: boolean,
): Operator {
  return { first, separator, named, ifEmpty, allowReserved };
}

// Pure: a bundle that never expands a template drops the operators.
const SIMPLE = /* @__PURE__ */ operatorOf("", ",", false, "", false);
const OPERATORS: Readonly<Record<string, Operator>> = {
  "+": /* @__PURE__ */ operatorOf("", ",", false, "", true),
  "#": /* @__PURE__ */ operatorOf("#", ",", false, "", true),
  ".": /* @__PURE__ */ operatorOf(".", ".", false, "", false),
  "/": /* @__PURE__ */ operatorOf("/", "/", false, "", false),
  ";": /* @__PURE__ */ operatorOf(";", ";", true, "", false),
  "?": /* @__PURE__ */ operatorOf("?", "&", true, "=", false),
  "&": /* @__PURE__ */ operatorOf("&", "&", true, "=", false),
};
const RESERVED_OPERATORS = "=,!@|";
/** RFC 6570 varname: dot-separated runs of `chars` and percent-encoded triplets. */
function varnamePattern(chars: string): RegExp {
  const run = `(?:[${chars}]|%[0-9A-Fa-f]{2})+`;
  return new RegExp(`^${run}(?:\\.${run})*$`);
}
const STRICT_NAME = /* @__PURE__ */ varnamePattern("A-Za-z0-9_");
const LENIENT_NAME = /* @__PURE__ */ varnamePattern("A-Za-z0-9_-");
const MAX_PREFIX_DIGITS = 4;

// Sticky: each matches the (possibly empty) run of its characters where lastIndex points.
const NAME_CHARS = /[A-Za-z0-9_.%]*/y;
const LENIENT_NAME_CHARS = /[A-Za-z0-9_.%-]*/y;
const DIGITS = /[0-9]*/y;

/** The end of the run of `chars` (a sticky pattern above) in `template` from `index`. */
function runEnd(template: string, index: number, chars: RegExp): number {
  chars.lastIndex = index;
  chars.test(template);
  return chars.lastIndex;
}

/**
 * Splits `template` into parts.
 *
 * @param allowHyphen Accept `-` in variable names (the endpoint() extension).
 * @throws {UriTemplateError} When the template is not valid.
 */
export function parseTemplateParts(template: string, allowHyphen: boolean): Part[] {
  const parts: Part[] = [];
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf("{", index);
    const literalEnd = open === -1 ? template.length : open;
    const close = template.indexOf("}", index);
    if (close !== -1 && close < literalEnd) {
      throw new UriTemplateError("Unmatched closing brace", template, close);
    }
    if (literalEnd > index) parts.push(encodeReserved(template.slice(index, literalEnd)));
    if (open === -1) break;
    index = parseExpression(template, open, allowHyphen, parts);
  }
  return parts;
}

/** Parses the expression that opens at `open`, pushes it, and returns the index after it. */
function parseExpression(
  template: string,
  open: number,
  allowHyphen: boolean,
  parts: Part[],
): number {
  let index = open + 1;
  const operatorChar = template[index];
  let operator = SIMPLE;
  if (operatorChar !== undefined && Object.hasOwn(OPERATORS, operatorChar)) {
    operator = OPERATORS[operatorChar]!;
    index++;
  } else if (operatorChar !== undefined && RESERVED_OPERATORS.includes(operatorChar)) {
    throw new UriTemplateError(`Reserved operator "${operatorChar}"`, template, index);
  }
  const variables: VarSpec[] = [];
  for (;;) {
    const start = index;
    index = runEnd(template, index, allowHyphen ? LENIENT_NAME_CHARS : NAME_CHARS);
    const name = template.slice(start, index);
    if (name === "") throw unexpected(template, index, open);
    if (!(allowHyphen ? LENIENT_NAME : STRICT_NAME).test(name)) {
      throw new UriTemplateError(`Invalid variable name "${name}"`, template, start);
    }
    let prefix = 0;
    let explode = false;
    if (template[index] === ":") {
      const digitsStart = ++index;
      index = runEnd(template, index, DIGITS);
      const digits = template.slice(digitsStart, index);
      if (digits === "" || digits[0] === "0" || digits.length > MAX_PREFIX_DIGITS) {
        throw new UriTemplateError(
          "Prefix length must be an integer from 1 to 9999",
          template,
          digitsStart,
        );
      }
      prefix = Number(digits);
    } else if (template[index] === "*") {
      explode = true;
      index++;
    }
    variables.push({ name, prefix, explode, index: start });
    const next = template[index];
    if (next === ",") {
      index++;
    } else if (next === "}") {
      parts.push({ operator, variables });
      return index + 1;
    } else {
      throw unexpected(template, index, open);
    }
  }
}

/** The variable names of `parts`, in order of first appearance, without duplicates. */
export function variableNamesOf(parts: readonly Part[]): Set<string> {
  const names = new Set<string>();
  for (const part of parts) {
    if (typeof part === "string") continue;
    for (const variable of part.variables) names.add(variable.name);
  }
  return names;
}

/** What is wrong at `index` of the expression opened at `open`: its end, or a character. */
function unexpected(template: string, index: number, open: number): UriTemplateError {
  if (index >= template.length) {
    return new UriTemplateError("Unclosed expression", template, open);
  }
  return new UriTemplateError(
    `Unexpected character ${JSON.stringify(template[index])}`,
    template,
    index,
  );
}
