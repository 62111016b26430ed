/**
 * The parser of the emulator's CEL subset: a linear-time tokenizer and a depth-bounded
 * recursive-descent parser producing a small AST of plain objects (operator chains and postfix
 * chains are flat lists, so evaluation depth is bounded by the parser's nesting limit). What it
 * leaves out of CEL fails to parse with an error naming the feature.
 *
 * @module
 */
import type { CelValue } from "./value.ts";

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

const MAX_LENGTH = 8192;
const MAX_DEPTH = 64;

/** Parses `expression` into its AST; throws {@link CelSyntaxError}. */
export function parseCel(expression: string): Node {
  if (typeof expression !== "string") {
    throw new CelSyntaxError("", 0, "expected the expression to be a string");
  }
  if (expression.length > MAX_LENGTH) {
    throw new CelSyntaxError(expression, MAX_LENGTH, `longer than ${MAX_LENGTH} characters`);
  }
  return new Parser(expression).parse();
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

const PUNCTUATION = ["==", "!=", "<=", ">=", "&&", "||", ..."()[]{}.,?:!-+*/%<>"];
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
export function outsideSubset(feature: string): string {
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

export type ArithmeticOp = "+" | "-" | "*" | "/" | "%";
export type BinaryOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | ArithmeticOp;
export type StringMethod = "startsWith" | "endsWith" | "contains" | "matches" | "extract";

/** A global function of the subset. */
export type FunctionName = "size" | "string" | "int" | "dyn";

/** A node of the AST. */
export type Node =
  | { kind: "literal"; value: CelValue }
  | { kind: "list"; items: Node[] }
  | { kind: "map"; entries: [key: Node, value: Node][] }
  | { kind: "variable"; name: string }
  | { kind: "select"; target: Node; steps: Step[] }
  | { kind: "call"; name: FunctionName; arg: Node }
  | { kind: "has"; target: Node; field: string }
  | { kind: "unary"; ops: string[]; operand: Node }
  | { kind: "binary"; first: Node; rest: { op: BinaryOp; operand: Node }[] }
  | { kind: "logic"; op: "&&" | "||"; operands: Node[] }
  | { kind: "conditional"; test: Node; then: Node; otherwise: Node };

/** A postfix step: selection, index, method or macro. */
export type Step =
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
      } else if (this.at("{")) {
        throw this.error(outsideSubset("protobuf message literals"));
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
    if (this.accept("{")) return { kind: "map", entries: this.entries() };
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
  /** `key: value` pairs up to `}` (a trailing comma is allowed). */
  private entries(): [key: Node, value: Node][] {
    const entries: [Node, Node][] = [];
    while (!this.accept("}")) {
      const key = this.expr();
      this.expect(":");
      entries.push([key, this.expr()]);
      if (!this.accept(",") && !this.at("}")) throw this.error('expected "," or "}"');
    }
    return entries;
  }

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
