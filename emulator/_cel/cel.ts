/**
 * A small, defensive evaluator for the subset of Google's Common Expression Language (CEL) that
 * Workload Identity Federation uses in provider attribute mappings and attribute conditions.
 *
 * Layout: the parser (`parse.ts`), RE2 patterns (`re2.ts`, matched by `re2_vm.ts`), the value
 * type (`value.ts`) and, here, the evaluator.
 * What the subset leaves out of CEL fails to parse with an error naming the feature; the README's
 * emulator section lists both.
 *
 * @module
 */
import {
  type ArithmeticOp,
  type BinaryOp,
  CelSyntaxError,
  type FunctionName,
  type Node,
  outsideSubset,
  parseCel,
  type Step,
  type StringMethod,
} from "./parse.ts";
import { compileRe2, MAX_STEPS, Re2BudgetError, type Re2Matcher } from "./re2.ts";
import type { CelValue } from "./value.ts";

export { CelSyntaxError };
export type { CelValue };

/** Variables visible to an expression, e.g. `{ assertion: {...claims}, attribute: {...} }`. */
export type CelVariables = Readonly<Record<string, CelValue>>;

/** A compiled expression: evaluates it against `variables`; throws {@link CelEvaluationError}. */
export type CelProgram = (variables: CelVariables) => CelValue;

/** Evaluation error: unknown variable, no such key, wrong operand types, division by zero... */
export class CelEvaluationError extends Error {
  override readonly name: string = "CelEvaluationError";
}

const MAX_PATTERN_LENGTH = 512;
const MAX_VALUE_DEPTH = 100;
/** An `extract()` template: text, one `{name}` placeholder, text. */
const TEMPLATE = /^([^{}]*)\{[A-Za-z0-9_]*\}([^{}]*)$/;

/**
 * Parses `expression` once; the returned program can be called many times.
 * Throws {@link CelSyntaxError}; programs throw only {@link CelEvaluationError}.
 */
export function compileCel(expression: string): CelProgram {
  const ast = parseCel(expression);
  return (variables) => {
    try {
      return evaluate(ast, { variables });
    } catch (error) {
      if (error instanceof CelEvaluationError) throw error;
      const detail = error instanceof Error ? error.message : typeof error;
      throw new CelEvaluationError(`internal error: ${detail}`, { cause: error });
    }
  };
}

type CelMap = { readonly [key: string]: CelValue };
type Scope = { variables: CelVariables } | { name: string; value: CelValue; outer: Scope };

function evaluate(node: Node, scope: Scope): CelValue {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "list":
      return node.items.map((item) => evaluate(item, scope));
    case "map":
      return mapLiteral(node.entries, scope);
    case "variable":
      return lookup(scope, node.name);
    case "select":
      return node.steps.reduce(
        (value, step) => select(value, step, scope),
        evaluate(node.target, scope),
      );
    case "call":
      return FUNCTIONS[node.name](evaluate(node.arg, scope));
    case "has": {
      const target = evaluate(node.target, scope);
      if (!isMap(target)) {
        throw new CelEvaluationError(`has() expects a map, got ${typeName(target)}`);
      }
      return Object.hasOwn(target, node.field);
    }
    case "unary":
      return node.ops.reduceRight((value, op) => unary(op, value), evaluate(node.operand, scope));
    case "binary":
      return node.rest.reduce(
        (left, { op, operand }) => binary(op, left, evaluate(operand, scope)),
        evaluate(node.first, scope),
      );
    case "logic":
      return decide(node.op === "||", `"${node.op}"`, node.operands, (n) => evaluate(n, scope));
    case "conditional": {
      const test = evaluate(node.test, scope);
      if (typeof test !== "boolean") {
        throw new CelEvaluationError(`"?:" expects a bool condition, got ${typeName(test)}`);
      }
      return evaluate(test ? node.then : node.otherwise, scope);
    }
  }
}

/** A map literal's entries, evaluated in order; keys are strings, each at most once. */
function mapLiteral(entries: readonly [key: Node, value: Node][], scope: Scope): CelMap {
  const pairs = new Map<string, CelValue>();
  for (const [keyNode, valueNode] of entries) {
    const key = evaluate(keyNode, scope);
    if (typeof key !== "string") {
      throw new CelEvaluationError(
        `${outsideSubset("map keys other than strings")}: ${typeName(key)}`,
      );
    }
    if (pairs.has(key)) throw new CelEvaluationError(`map key conflict: ${JSON.stringify(key)}`);
    pairs.set(key, evaluate(valueNode, scope));
  }
  return Object.fromEntries(pairs);
}

function lookup(scope: Scope, name: string): CelValue {
  for (let s = scope;; s = s.outer) {
    if ("variables" in s) {
      if (Object.hasOwn(s.variables, name)) return asCelValue(s.variables[name]);
      throw new CelEvaluationError(`unknown variable: ${JSON.stringify(name)}`);
    }
    if (s.name === name) return s.value;
  }
}

function select(target: CelValue, step: Step, scope: Scope): CelValue {
  switch (step.kind) {
    case "field":
      if (isMap(target)) return readKey(target, step.name);
      throw new CelEvaluationError(
        `cannot select field ${JSON.stringify(step.name)} from ${typeName(target)}`,
      );
    case "index": {
      const key = evaluate(step.key, scope);
      if (isMap(target) && typeof key === "string") return readKey(target, key);
      if (!isList(target) || typeof key !== "number") {
        throw new CelEvaluationError(`cannot index ${typeName(target)} with ${typeName(key)}`);
      }
      if (Number.isInteger(key) && key >= 0 && key < target.length) return asCelValue(target[key]);
      throw new CelEvaluationError(`index out of range: ${key}`);
    }
    case "size":
      return sizeOf(target);
    case "method":
      return stringMethod(step.name, target, evaluate(step.arg, scope));
    case "comprehension": {
      const label = step.all ? "all()" : "exists()";
      if (!isList(target) && !isMap(target)) {
        throw new CelEvaluationError(`${label} expects a list or map, got ${typeName(target)}`);
      }
      const items = isList(target) ? target : Object.keys(target);
      const { variable: name, predicate } = step;
      return decide(!step.all, label, items, (item) => {
        return evaluate(predicate, { name, value: asCelValue(item), outer: scope });
      });
    }
  }
}

/**
 * `||` (decisive = true) and `&&` (decisive = false) over `items`, with CEL's commutative error
 * absorption: a decisive operand wins over errors on either side; otherwise the first error throws.
 */
function decide<T>(
  decisive: boolean,
  label: string,
  items: readonly T[],
  evaluateItem: (item: T) => CelValue,
): boolean {
  let failure: CelEvaluationError | undefined;
  for (const item of items) {
    try {
      const value = evaluateItem(item);
      if (value === decisive) return decisive;
      if (typeof value !== "boolean") {
        failure ??= new CelEvaluationError(
          `${label} expects bool operands, got ${typeName(value)}`,
        );
      }
    } catch (error) {
      if (!(error instanceof CelEvaluationError)) throw error;
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return !decisive;
}

function unary(op: string, value: CelValue): CelValue {
  if (op === "!" && typeof value === "boolean") return !value;
  if (op === "-" && typeof value === "number") return value === 0 ? 0 : -value;
  throw new CelEvaluationError(`unsupported operand type for unary "${op}": ${typeName(value)}`);
}

function binary(op: BinaryOp, left: CelValue, right: CelValue): CelValue {
  switch (op) {
    case "==":
      return equals(left, right, 0);
    case "!=":
      return !equals(left, right, 0);
    case "in":
      if (isList(right)) return right.some((item) => equals(left, item, 0));
      if (isMap(right)) return typeof left === "string" && Object.hasOwn(right, left);
      throw operandError(op, left, right);
    case "<":
    case "<=":
    case ">":
    case ">=": {
      let order: number;
      if (typeof left === "number" && typeof right === "number") {
        order = left < right ? -1 : left > right ? 1 : 0;
      } else if (typeof left === "string" && typeof right === "string") {
        order = compareStrings(left, right);
      } else if (typeof left === "boolean" && typeof right === "boolean") {
        order = Number(left) - Number(right);
      } else throw operandError(op, left, right);
      return order < 0 ? op.startsWith("<") : order > 0 ? op.startsWith(">") : op.length === 2;
    }
    case "+":
      if (typeof left === "string" && typeof right === "string") return left + right;
      if (isList(left) && isList(right)) return [...left, ...right];
  }
  if (typeof left !== "number" || typeof right !== "number") throw operandError(op, left, right);
  return arithmetic(op, left, right);
}

function operandError(op: string, left: CelValue, right: CelValue): CelEvaluationError {
  const types = `${typeName(left)} and ${typeName(right)}`;
  return new CelEvaluationError(`unsupported operand types for "${op}": ${types}`);
}

/** `+ - * / %`; integer operands use integer semantics (truncating division, overflow error). */
function arithmetic(op: ArithmeticOp, left: number, right: number): number {
  if ((op === "/" || op === "%") && right === 0) {
    throw new CelEvaluationError(op === "/" ? "division by zero" : "modulus by zero");
  }
  const integers = Number.isInteger(left) && Number.isInteger(right);
  let result = ARITHMETIC[op](left, right);
  if (integers && op === "/") result = Math.trunc(result);
  if (integers && !Number.isSafeInteger(result)) throw new CelEvaluationError("integer overflow");
  return result;
}

const ARITHMETIC: Record<ArithmeticOp, (left: number, right: number) => number> = {
  "+": (left, right) => left + right,
  "-": (left, right) => left - right,
  "*": (left, right) => left * right,
  "/": (left, right) => left / right,
  "%": (left, right) => left % right,
};

/** Deep equality by value; values of different types are unequal. */
function equals(a: unknown, b: unknown, depth: number): boolean {
  if (depth > MAX_VALUE_DEPTH) {
    throw new CelEvaluationError(`values nested deeper than ${MAX_VALUE_DEPTH} levels`);
  }
  if (isList(a) && isList(b)) {
    return a.length === b.length && a.every((item, i) => equals(item, b[i], depth + 1));
  }
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && equals(a[key], b[key], depth + 1));
  }
  return a === b;
}

/** Orders strings by Unicode code point, as CEL does (JavaScript's `<` compares UTF-16 units). */
function compareStrings(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const difference = (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

function stringMethod(name: StringMethod, receiver: CelValue, arg: CelValue): boolean | string {
  if (typeof receiver !== "string" || typeof arg !== "string") {
    const types = `${typeName(receiver)}.${name}(${typeName(arg)})`;
    throw new CelEvaluationError(`${name}() expects strings, got ${types}`);
  }
  if (name === "startsWith") return receiver.startsWith(arg);
  if (name === "endsWith") return receiver.endsWith(arg);
  if (name === "contains") return receiver.includes(arg);
  if (name === "extract") return extract(receiver, arg);
  if (arg.length > MAX_PATTERN_LENGTH) {
    throw new CelEvaluationError(`regular expression longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  const pattern = compileRe2(arg);
  if ("test" in pattern) return matches(pattern, receiver, arg);
  const problem = pattern.problem === undefined ? "" : `: ${pattern.problem}`;
  throw new CelEvaluationError(`invalid regular expression: ${JSON.stringify(arg)}${problem}`);
}

/**
 * Whether `pattern` matches in `text`, in time linear in the text; a match that would take more
 * than {@linkcode MAX_STEPS} steps (a long text against a large program) is an evaluation error,
 * which fails an attribute condition as Google's does.
 */
function matches(pattern: Re2Matcher, text: string, source: string): boolean {
  try {
    return pattern.test(text);
  } catch (error) {
    if (!(error instanceof Re2BudgetError)) throw error;
    throw new CelEvaluationError(
      `regular expression ${
        JSON.stringify(source)
      } takes more than ${MAX_STEPS} steps on a text of ${text.length} characters`,
    );
  }
}

/**
 * Google's `extract(template)`: the part of `text` after the template's text before `{name}` and
 * up to the first occurrence of its text after; `""` when either is not found.
 */
function extract(text: string, template: string): string {
  const parts = TEMPLATE.exec(template);
  if (parts === null) {
    throw new CelEvaluationError(
      `extract() expects a template with one {name} placeholder, got ${JSON.stringify(template)}`,
    );
  }
  const [, before = "", after = ""] = parts;
  const start = text.indexOf(before);
  if (start < 0) return "";
  const from = start + before.length;
  const end = after === "" ? text.length : text.indexOf(after, from);
  return end < 0 ? "" : text.slice(from, end);
}

/** `size()`: code points of a string, elements of a list, keys of a map. */
function sizeOf(value: CelValue): number {
  if (typeof value === "string") return [...value].length;
  if (isList(value)) return value.length;
  if (isMap(value)) return Object.keys(value).length;
  throw new CelEvaluationError(`size() expects a string, list or map, got ${typeName(value)}`);
}

function toText(value: CelValue): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw new CelEvaluationError(`string() cannot convert ${typeName(value)}`);
}

function toInt(value: CelValue): number {
  const result = typeof value === "number"
    ? Math.trunc(value)
    : typeof value === "string" && /^[+-]?[0-9]+$/.test(value)
    ? Number(value)
    : NaN;
  if (Number.isSafeInteger(result)) return result;
  const shown = typeof value === "string" ? JSON.stringify(value) : typeName(value);
  throw new CelEvaluationError(`int() cannot convert ${shown}`);
}

/** `dyn()` only matters to CEL's type checker: at evaluation it returns its argument. */
const FUNCTIONS: Record<FunctionName, (value: CelValue) => CelValue> = {
  size: sizeOf,
  string: toText,
  int: toInt,
  dyn: (value: CelValue) => value,
};

function readKey(map: CelMap, key: string): CelValue {
  if (!Object.hasOwn(map, key)) throw new CelEvaluationError(`no such key: ${JSON.stringify(key)}`);
  return asCelValue(map[key]);
}

function isList(value: unknown): value is readonly CelValue[] {
  return Array.isArray(value);
}

function isMap(value: unknown): value is CelMap {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** CEL's name for the type of `value`; throws for values that are not {@link CelValue}s. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return "bool";
    case "number":
      return Number.isInteger(value) ? "int" : "double";
    case "string":
      return "string";
    case "object":
      return isList(value) ? "list" : "map";
  }
  throw new CelEvaluationError(`unsupported value of JavaScript type ${typeof value}`);
}

/** Checks a value read from the caller's variables. */
function asCelValue(value: unknown): CelValue {
  typeName(value);
  return value as CelValue;
}
