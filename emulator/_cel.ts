/**
 * A small, defensive evaluator for the subset of Google's Common Expression Language (CEL) that
 * Workload Identity Federation uses in provider attribute mappings and attribute conditions.
 *
 * Layout: a linear-time tokenizer, a depth-bounded recursive-descent parser producing a small AST
 * of plain objects (operator chains and postfix chains are flat lists, so evaluation depth is
 * bounded by the parser's nesting limit), and an evaluator. What it leaves out of CEL fails to parse
 * with an error naming the feature; the README's emulator section lists both.
 *
 * @module
 */
import { compileRe2 } from "./_cel_re2.ts";

/** A CEL value as the emulator uses it. */
export type CelValue =
  | string
  | number
  | boolean
  | null
  | readonly CelValue[]
  | { readonly [key: string]: CelValue };

/** Variables visible to an expression, e.g. `{ assertion: {...claims}, attribute: {...} }`. */
export type CelVariables = Readonly<Record<string, CelValue>>;

/** A compiled expression: evaluates it against `variables`; throws {@link CelEvaluationError}. */
export type CelProgram = (variables: CelVariables) => CelValue;

/** Syntax error in a CEL expression, with the 0-based `index` of the problem. */
export class CelSyntaxError extends SyntaxError {
  override readonly name: string = "CelSyntaxError";
  /** The expression that failed to parse. */
  readonly expression: string;
  /** 0-based position of the problem in {@link CelSyntaxError.expression}. */
  readonly index: number;

  /** Message: `Cannot parse CEL expression at <index>: <problem>`. */
  constructor(expression: string, index: number, problem: string) {
    super(`Cannot parse CEL expression at ${index}: ${problem}`);
    this.expression = expression;
    this.index = index;
  }
}

/** Evaluation error: unknown variable, no such key, wrong operand types, division by zero... */
export class CelEvaluationError extends Error {
  override readonly name: string = "CelEvaluationError";
}

const MAX_LENGTH = 8192;
const MAX_DEPTH = 64;
const MAX_PATTERN_LENGTH = 512;
const MAX_VALUE_DEPTH = 100;
/** An `extract()` template: text, one `{name}` placeholder, text. */
const TEMPLATE = /^([^{}]*)\{[A-Za-z0-9_]*\}([^{}]*)$/;

/**
 * Parses `expression` once; the returned program can be called many times.
 * Throws {@link CelSyntaxError}; programs throw only {@link CelEvaluationError}.
 */
export function compileCel(expression: string): CelProgram {
  if (typeof expression !== "string") {
    throw new CelSyntaxError("", 0, "expected the expression to be a string");
  }
  if (expression.length > MAX_LENGTH) {
    throw new CelSyntaxError(expression, MAX_LENGTH, `longer than ${MAX_LENGTH} characters`);
  }
  const ast = new Parser(expression).parse();
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

// ---------------------------------------------------------------------------------------------
// Tokenizer

type Token = {
  kind: "literal" | "ident" | "punct" | "end";
  /** Identifier name or punctuation ("in" is punctuation). */
  text: string;
  /** Value of a literal. */
  value: CelValue;
  index: number;
};

const PUNCTUATION = ["==", "!=", "<=", ">=", "&&", "||", ..."()[].,?:!-+*/%<>"];
const KEYWORDS = new Map<string, CelValue>([["true", true], ["false", false], ["null", null]]);
/** Single-character escapes: the character after the backslash → the character it stands for. */
const ESCAPES = new Map(
  [..."\\'\"`?abfnrtv"].map((c, i) => [c, "\\'\"`?\x07\b\f\n\r\t\v".charAt(i)]),
);
/** Numeric escapes: the pattern after the backslash, the length of its letter, the radix. */
const NUMERIC_ESCAPES: readonly [pattern: RegExp, letter: number, radix: number][] = [
  [/^[xX][0-9A-Fa-f]{2}/, 1, 16],
  [/^u[0-9A-Fa-f]{4}/, 1, 16],
  [/^U[0-9A-Fa-f]{8}/, 1, 16],
  [/^[0-3][0-7]{2}/, 0, 8],
];
const DIGIT = /^[0-9]$/;
const IDENT_START = /^[A-Za-z_]$/;
const IDENT_PART = /^[A-Za-z0-9_]$/;
/** Prefixes of raw (`r'...'`) and bytes (`b'...'`) literals. */
const STRING_PREFIX = /^[rRbB]{1,2}$/;
const QUOTE = /^['"]$/;

/** The problem of a CEL feature the emulator leaves out (see the emulator docs). */
function outsideSubset(feature: string): string {
  return `${feature} are not in the emulator's CEL subset`;
}

/** The escape sequence whose first character (after the backslash) is at `i`, and its length. */
function escapeAt(text: string, i: number): [value: string, length: number] | undefined {
  const simple = ESCAPES.get(text.charAt(i));
  if (simple !== undefined) return [simple, 1];
  const ahead = text.slice(i, i + 9);
  for (const [pattern, letter, radix] of NUMERIC_ESCAPES) {
    const match = pattern.exec(ahead)?.[0];
    if (match === undefined) continue;
    const code = parseInt(match.slice(letter), radix);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    return [String.fromCodePoint(code), match.length];
  }
  return undefined;
}

/** Splits `text` into tokens in one left-to-right pass (every regex tests a bounded slice). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: Token["kind"], index: number, value: CelValue, tokenText = ""): void => {
    tokens.push({ kind, text: tokenText, value, index });
  };
  let i = 0;
  while (i < text.length) {
    const start = i;
    const c = text.charAt(i);
    if (" \t\n\r\f".includes(c)) {
      i++;
    } else if (text.startsWith("//", i)) {
      const newline = text.indexOf("\n", i);
      i = newline < 0 ? text.length : newline;
    } else if (DIGIT.test(c)) {
      while (DIGIT.test(text.charAt(i))) i++;
      const next = text.charAt(i);
      if (IDENT_PART.test(next) || (next === "." && DIGIT.test(text.charAt(i + 1)))) {
        const feature = "double, unsigned and hexadecimal literals";
        throw new CelSyntaxError(text, i, outsideSubset(feature));
      }
      const value = Number(text.slice(start, i));
      if (!Number.isSafeInteger(value)) {
        throw new CelSyntaxError(text, start, outsideSubset("integers beyond 2^53 - 1"));
      }
      push("literal", start, value);
    } else if (IDENT_START.test(c)) {
      while (IDENT_PART.test(text.charAt(i))) i++;
      const word = text.slice(start, i);
      if (STRING_PREFIX.test(word) && QUOTE.test(text.charAt(i))) {
        throw new CelSyntaxError(text, start, outsideSubset("raw and bytes literals"));
      }
      if (KEYWORDS.has(word)) push("literal", start, KEYWORDS.get(word) ?? null);
      else push(word === "in" ? "punct" : "ident", start, null, word);
    } else if (c === '"' || c === "'") {
      if (text.startsWith(c.repeat(3), i)) {
        throw new CelSyntaxError(text, i, outsideSubset("triple-quoted strings"));
      }
      let value = "";
      for (i++; text.charAt(i) !== c; i++) {
        const d = text.charAt(i);
        if (d === "" || d === "\n" || d === "\r") {
          throw new CelSyntaxError(text, start, "unterminated string");
        }
        if (d !== "\\") {
          value += d;
          continue;
        }
        const escape = escapeAt(text, ++i);
        if (escape === undefined) throw new CelSyntaxError(text, i - 1, "invalid escape sequence");
        value += escape[0];
        i += escape[1] - 1;
      }
      i++;
      push("literal", start, value);
    } else {
      const punct = PUNCTUATION.find((p) => text.startsWith(p, i));
      if (c === "{") throw new CelSyntaxError(text, i, outsideSubset("map literals"));
      if (punct === undefined) {
        throw new CelSyntaxError(text, i, `unexpected character ${JSON.stringify(c)}`);
      }
      i += punct.length;
      push("punct", start, null, punct);
    }
  }
  push("end", text.length, null);
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Parser

type ArithmeticOp = "+" | "-" | "*" | "/" | "%";
type BinaryOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | ArithmeticOp;
type StringMethod = "startsWith" | "endsWith" | "contains" | "matches" | "extract";

type Node =
  | { kind: "literal"; value: CelValue }
  | { kind: "list"; items: Node[] }
  | { kind: "variable"; name: string }
  | { kind: "select"; target: Node; steps: Step[] }
  | { kind: "call"; name: keyof typeof FUNCTIONS; arg: Node }
  | { kind: "has"; target: Node; field: string }
  | { kind: "unary"; ops: string[]; operand: Node }
  | { kind: "binary"; first: Node; rest: { op: BinaryOp; operand: Node }[] }
  | { kind: "logic"; op: "&&" | "||"; operands: Node[] }
  | { kind: "conditional"; test: Node; then: Node; otherwise: Node };

type Step =
  | { kind: "field"; name: string }
  | { kind: "index"; key: Node }
  | { kind: "size" }
  | { kind: "method"; name: StringMethod; arg: Node }
  | { kind: "comprehension"; all: boolean; variable: string; predicate: Node };

type Argument = { node: Node; index: number };

/** Recursive descent; every recursion goes through {@link Parser.expr}, which bounds the depth. */
class Parser {
  private readonly text: string;
  private readonly tokens: Token[];
  private pos = 0;
  private depth = 0;

  constructor(text: string) {
    this.text = text;
    this.tokens = tokenize(text);
  }

  parse(): Node {
    const node = this.expr();
    if (this.peek().kind !== "end") throw this.error("expected an operator or the end");
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos] ?? { kind: "end", text: "", value: null, index: this.text.length };
  }

  private at(...texts: string[]): boolean {
    const token = this.peek();
    return token.kind === "punct" && texts.includes(token.text);
  }

  private accept(text: string): boolean {
    if (!this.at(text)) return false;
    this.pos++;
    return true;
  }

  private next(): Token {
    const token = this.peek();
    this.pos++;
    return token;
  }

  private expect(text: string): void {
    if (!this.accept(text)) throw this.error(`expected ${JSON.stringify(text)}`);
  }

  private error(problem: string, index = this.peek().index): CelSyntaxError {
    return new CelSyntaxError(this.text, index, problem);
  }

  /** conditional: or ("?" or ":" expr)? */
  private expr(): Node {
    if (++this.depth > MAX_DEPTH) throw this.error(`nested deeper than ${MAX_DEPTH} levels`);
    let node = this.or();
    if (this.accept("?")) {
      const then = this.or();
      this.expect(":");
      node = { kind: "conditional", test: node, then, otherwise: this.expr() };
    }
    this.depth--;
    return node;
  }

  private or(): Node {
    return this.logic("||", () => this.logic("&&", () => this.relation()));
  }

  private logic(op: "&&" | "||", next: () => Node): Node {
    const first = next();
    const operands = [first];
    while (this.accept(op)) operands.push(next());
    return operands.length === 1 ? first : { kind: "logic", op, operands };
  }

  private relation(): Node {
    return this.binary(
      ["==", "!=", "<", "<=", ">", ">=", "in"],
      () => this.binary(["+", "-"], () => this.binary(["*", "/", "%"], () => this.unary())),
    );
  }

  /** A left-associative chain of operators of one precedence level. */
  private binary(ops: BinaryOp[], next: () => Node): Node {
    const first = next();
    const rest = [];
    while (this.at(...ops)) rest.push({ op: this.next().text as BinaryOp, operand: next() });
    return rest.length === 0 ? first : { kind: "binary", first, rest };
  }

  private unary(): Node {
    const ops = [];
    while (this.at("!", "-")) ops.push(this.next().text);
    const operand = this.postfix();
    return ops.length === 0 ? operand : { kind: "unary", ops, operand };
  }

  private postfix(): Node {
    const target = this.primary();
    const steps: Step[] = [];
    for (;;) {
      if (this.accept(".")) {
        const name = this.next();
        if (name.kind !== "ident") throw this.error("expected a field name", name.index);
        steps.push(this.at("(") ? this.method(name) : { kind: "field", name: name.text });
      } else if (this.accept("[")) {
        steps.push({ kind: "index", key: this.expr() });
        this.expect("]");
      } else {
        return steps.length === 0 ? target : { kind: "select", target, steps };
      }
    }
  }

  private primary(): Node {
    const token = this.peek();
    if (token.kind === "literal" || token.kind === "ident") this.pos++;
    if (token.kind === "literal") return { kind: "literal", value: token.value };
    if (token.kind === "ident") {
      return this.at("(") ? this.call(token) : { kind: "variable", name: token.text };
    }
    if (this.accept("(")) {
      const node = this.expr();
      this.expect(")");
      return node;
    }
    if (this.accept("[")) return { kind: "list", items: this.sequence("]").map((a) => a.node) };
    throw this.error("expected an expression");
  }

  /** A global function call or the `has()` macro. */
  private call(name: Token): Node {
    switch (name.text) {
      case "size":
      case "string":
      case "int":
      case "dyn":
        return { kind: "call", name: name.text, arg: this.arguments(name, 1)[0].node };
      case "has": {
        const [{ node, index }] = this.arguments(name, 1);
        const last = node.kind === "select" ? node.steps.at(-1) : undefined;
        if (node.kind !== "select" || last?.kind !== "field") {
          throw this.error("has() expects a field selection such as a.b", index);
        }
        const steps = node.steps.slice(0, -1);
        const target: Node = steps.length === 0 ? node.target : { ...node, steps };
        return { kind: "has", target, field: last.name };
      }
    }
    throw this.error(`unknown function ${JSON.stringify(name.text)}`, name.index);
  }

  /** A receiver method call or the `exists()` / `all()` macros. */
  private method(name: Token): Step {
    switch (name.text) {
      case "size":
        this.arguments(name, 0);
        return { kind: "size" };
      case "startsWith":
      case "endsWith":
      case "contains":
      case "matches":
      case "extract":
        return { kind: "method", name: name.text, arg: this.arguments(name, 1)[0].node };
      case "exists":
      case "all": {
        const [variable, predicate] = this.arguments(name, 2);
        if (variable.node.kind !== "variable") {
          throw this.error(`${name.text}() expects a variable name first`, variable.index);
        }
        const all = name.text === "all";
        return {
          kind: "comprehension",
          all,
          variable: variable.node.name,
          predicate: predicate.node,
        };
      }
    }
    throw this.error(`unknown method ${JSON.stringify(name.text)}`, name.index);
  }

  private arguments(name: Token, count: 0): [];
  private arguments(name: Token, count: 1): [Argument];
  private arguments(name: Token, count: 2): [Argument, Argument];
  private arguments(name: Token, count: number): Argument[] {
    this.expect("(");
    const args = this.sequence(")");
    if (args.length !== count) {
      const plural = count === 1 ? "" : "s";
      throw this.error(`${name.text}() expects ${count} argument${plural}`, name.index);
    }
    return args;
  }

  /** Comma-separated expressions up to `close` (a trailing comma is allowed). */
  private sequence(close: string): Argument[] {
    const items = [];
    while (!this.accept(close)) {
      items.push({ index: this.peek().index, node: this.expr() });
      if (!this.accept(",") && !this.at(close)) {
        throw this.error(`expected "," or ${JSON.stringify(close)}`);
      }
    }
    return items;
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluator

type CelMap = { readonly [key: string]: CelValue };
type Scope = { variables: CelVariables } | { name: string; value: CelValue; outer: Scope };

function evaluate(node: Node, scope: Scope): CelValue {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "list":
      return node.items.map((item) => evaluate(item, scope));
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
  if (pattern instanceof RegExp) return pattern.test(receiver);
  const problem = pattern.problem === undefined ? "" : `: ${pattern.problem}`;
  throw new CelEvaluationError(`invalid regular expression: ${JSON.stringify(arg)}${problem}`);
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
const FUNCTIONS = { size: sizeOf, string: toText, int: toInt, dyn: (value: CelValue) => value };

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
