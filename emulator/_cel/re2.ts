// The regular expressions of CEL's matches(), which are RE2's: parsed here by RE2's syntax and
// matched by the automaton of `re2_vm.ts` in time linear in the text, as RE2 matches them (a
// backtracking RegExp took seconds on a 31-character name against `(a+)+$`). What RE2 leaves out
// (lookaround, backreferences) is refused as Google refuses it. Single characters (a literal, a
// class, `\p{Greek}`) are tested by a one-character JavaScript RegExp, which brings Unicode's
// properties and case folding; everything else is the automaton's.

import {
  type Assertion,
  compileProgram,
  MAX_STEPS,
  type Node,
  Re2BudgetError,
  type Re2Matcher,
  Re2TooLargeError,
} from "./re2_vm.ts";

export { MAX_STEPS, Re2BudgetError };
export type { Re2Matcher };

/** Why a pattern is refused: an RE2 rule it breaks, or none for a plain syntax error. */
class Re2SyntaxError extends Error {
  readonly problem: string | undefined;

  constructor(problem?: string) {
    super(problem ?? "invalid regular expression");
    this.problem = problem;
  }
}

/** RE2's `\s`: ASCII whitespace without `\v` (JavaScript's `\s` is Unicode's). */
const SPACE = "\\t\\n\\f\\r ";
/** Everything but {@linkcode SPACE}, as ranges a class can hold. */
const NOT_SPACE = "\\u{0}-\\u{8}\\u{B}\\u{E}-\\u{1F}\\u{21}-\\u{10FFFF}";
/** RE2's POSIX classes (ASCII), as ranges. */
const POSIX: Readonly<Record<string, string>> = {
  alnum: "0-9A-Za-z",
  alpha: "A-Za-z",
  ascii: "\\u{0}-\\u{7F}",
  blank: "\\t ",
  cntrl: "\\u{0}-\\u{1F}\\u{7F}",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-/:-@\\[-`{-~",
  space: "\\t\\n\\v\\f\\r ",
  upper: "A-Z",
  word: "0-9A-Za-z_",
  xdigit: "0-9A-Fa-f",
};
/** Perl classes (ASCII in RE2), as class contents, and their complements. */
const PERL: Readonly<Record<string, string>> = {
  d: "0-9",
  D: "\\u{0}-\\u{2F}\\u{3A}-\\u{10FFFF}",
  s: SPACE,
  S: NOT_SPACE,
  w: "0-9A-Za-z_",
  W: "\\u{0}-\\u{2F}\\u{3A}-\\u{40}\\u{5B}-\\u{5E}\\u{60}\\u{7B}-\\u{10FFFF}",
};
const CONTROL: Readonly<Record<string, number>> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
/** RE2 refuses a repetition count above this. */
const MAX_REPEAT = 1000;

interface Flags {
  /** Case-insensitive. */
  i: boolean;
  /** `^` and `$` at line ends. */
  m: boolean;
  /** `.` matches `\n`. */
  s: boolean;
}

/** `\u{...}` of a code point: a class or pattern source safe for any character. */
const literalSource = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;

/**
 * A `\p` property as a JavaScript source: RE2 names general categories (`L`, `Lu`) and scripts
 * (`Greek`) alike, where JavaScript wants `Script=` before a script.
 */
function propertySource(name: string, negated: boolean): string {
  const letter = negated ? "P" : "p";
  for (const source of [`\\${letter}{${name}}`, `\\${letter}{Script=${name}}`]) {
    try {
      new RegExp(source, "u");
      return source;
    } catch {
      // Not that kind of property name.
    }
  }
  throw new Re2SyntaxError();
}

/** A parser of one pattern: `at` walks its code points. */
class Parser {
  readonly chars: string[];
  at = 0;

  constructor(pattern: string) {
    this.chars = Array.from(pattern);
  }

  peek(offset = 0): string | undefined {
    return this.chars[this.at + offset];
  }

  take(): string {
    const char = this.chars[this.at++];
    if (char === undefined) throw new Re2SyntaxError();
    return char;
  }

  startsWith(text: string): boolean {
    return this.chars.slice(this.at, this.at + text.length).join("") === text;
  }

  /** Alternatives up to `)` or the end; `(?flags)` inside changes `flags` for the rest. */
  alternation(flags: Flags): Node {
    const items = [this.concatenation(flags)];
    while (this.peek() === "|") {
      this.at++;
      items.push(this.concatenation(flags));
    }
    return items.length === 1 ? items[0]! : { type: "alt", items };
  }

  concatenation(flags: Flags): Node {
    const items: Node[] = [];
    for (let next = this.peek(); next !== undefined && next !== "|" && next !== ")";) {
      const atom = this.atom(flags);
      if (atom !== undefined) items.push(this.repetitions(atom));
      next = this.peek();
    }
    return { type: "cat", items };
  }

  /** `atom` with the repetition operators after it (one, and an optional `?` for laziness). */
  repetitions(atom: Node): Node {
    const bounds = this.repetition();
    if (bounds === undefined) return atom;
    if (this.peek() === "?") this.at++;
    // RE2 refuses `a**` and `a+{2}`: a repetition operator right after another.
    if (this.repetitionAhead()) throw new Re2SyntaxError();
    return { type: "rep", node: atom, min: bounds[0], max: bounds[1] };
  }

  repetitionAhead(): boolean {
    const start = this.at;
    const found = this.repetition() !== undefined;
    this.at = start;
    return found;
  }

  /** `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`; a `{` that starts none of these is a literal. */
  repetition(): [number, number] | undefined {
    const char = this.peek();
    if (char === "*") return (this.at++, [0, Infinity]);
    if (char === "+") return (this.at++, [1, Infinity]);
    if (char === "?") return (this.at++, [0, 1]);
    if (char !== "{") return undefined;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.chars.slice(this.at, this.at + 12).join(""));
    if (match === null) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
    if (min > MAX_REPEAT || (max !== Infinity && (max > MAX_REPEAT || max < min))) {
      throw new Re2SyntaxError();
    }
    this.at += match[0].length;
    return [min, max];
  }

  /** One atom, or `undefined` for a flag group that only changes `flags`. */
  atom(flags: Flags): Node | undefined {
    const char = this.take();
    switch (char) {
      case "(":
        return this.group(flags);
      case "[":
        return { type: "char", source: this.characterClass(), fold: flags.i };
      case ".":
        return { type: "dot", newline: flags.s };
      case "^":
        return { type: "assert", kind: flags.m ? "lineStart" : "textStart" };
      case "$":
        return { type: "assert", kind: flags.m ? "lineEnd" : "textEnd" };
      case "\\":
        return this.escape(flags);
      case "*":
      case "+":
      case "?":
        throw new Re2SyntaxError();
      case "{":
        this.at--;
        if (this.repetitionAhead()) throw new Re2SyntaxError();
        this.at++;
        return this.literal("{", flags);
      default:
        return this.literal(char, flags);
    }
  }

  literal(char: string, flags: Flags): Node {
    return { type: "char", source: literalSource(char.codePointAt(0)!), fold: flags.i, char };
  }

  /** After `(`: a group, a named group, a flag group, or a refusal of lookaround. */
  group(flags: Flags): Node | undefined {
    let inner = { ...flags };
    if (this.peek() === "?") {
      this.at++;
      if (/^<?[=!]/.test(this.chars.slice(this.at, this.at + 2).join(""))) {
        throw new Re2SyntaxError("RE2 has no lookahead or lookbehind");
      }
      if (this.startsWith("P<") || this.peek() === "<") {
        this.at += this.peek() === "P" ? 2 : 1;
        const name = /^[A-Za-z0-9_]+>/.exec(this.chars.slice(this.at, this.at + 64).join(""));
        if (name === null) throw new Re2SyntaxError();
        this.at += name[0].length;
      } else if (this.peek() === ":") {
        this.at++;
      } else {
        inner = this.flagGroup(flags);
        if (this.take() === ")") {
          Object.assign(flags, inner);
          return undefined;
        }
      }
    }
    const body = this.alternation(inner);
    if (this.take() !== ")") throw new Re2SyntaxError();
    return body;
  }

  /** `ims`, `-ims` or `i-s` up to `)` or `:`: the flags after it; a flag twice is refused. */
  flagGroup(flags: Flags): Flags {
    const result = { ...flags };
    const seen = new Set<string>();
    let value = true;
    for (let char = this.peek(); char !== ")" && char !== ":"; char = this.peek()) {
      this.at++;
      if (char === "-" && value && !seen.has("-")) {
        value = false;
        seen.add("-");
      } else if ((char === "i" || char === "m" || char === "s") && !seen.has(char)) {
        seen.add(char);
        result[char] = value;
      } else {
        throw new Re2SyntaxError();
      }
    }
    if (seen.size === 0 || [...seen].at(-1) === "-") throw new Re2SyntaxError();
    return result;
  }

  /** After `\` outside a class. */
  escape(flags: Flags): Node {
    const char = this.peek();
    if (char === "A" || char === "z" || char === "b" || char === "B") {
      this.at++;
      const kinds: Record<string, Assertion> = {
        A: "textStart",
        z: "textEnd",
        b: "wordBoundary",
        B: "notWordBoundary",
      };
      return { type: "assert", kind: kinds[char]! };
    }
    if (char === "Q") {
      this.at++;
      const items: Node[] = [];
      while (this.peek() !== undefined && !this.startsWith("\\E")) {
        items.push(this.literal(this.take(), flags));
      }
      if (this.startsWith("\\E")) this.at += 2;
      return { type: "cat", items };
    }
    return { type: "char", source: `[${this.classEscape()}]`, fold: flags.i };
  }

  /**
   * After `\`, in a class or out: what a class holds for it, the contents of a Perl class, a
   * property or one character (`\u{...}`).
   */
  classEscape(): string {
    const char = this.take();
    if (PERL[char] !== undefined) return PERL[char]!;
    if (char === "p" || char === "P") {
      let name = this.take();
      if (name === "{") {
        const end = this.chars.indexOf("}", this.at);
        if (end < 0) throw new Re2SyntaxError();
        name = this.chars.slice(this.at, end).join("");
        this.at = end + 1;
      }
      const negated = name.startsWith("^");
      return propertySource(negated ? name.slice(1) : name, negated !== (char === "P"));
    }
    return literalSource(this.escapedCodePoint(char));
  }

  /** The code point `\<char>...` stands for. */
  escapedCodePoint(char: string): number {
    if (CONTROL[char] !== undefined) return CONTROL[char]!;
    if (char === "x") {
      const hex = this.peek() === "{"
        ? /^\{([0-9A-Fa-f]{1,6})\}/.exec(this.chars.slice(this.at, this.at + 9).join(""))
        : /^([0-9A-Fa-f]{2})/.exec(this.chars.slice(this.at, this.at + 2).join(""));
      const value = hex === null ? NaN : parseInt(hex[1]!, 16);
      if (hex === null || value > 0x10ffff) throw new Re2SyntaxError();
      this.at += hex[0].length;
      return value;
    }
    // Octal: `\0` with up to two more digits, or `\1`-`\7` followed by one or two.
    const octal = /^(?:0[0-7]{0,2}|[1-7][0-7]{1,2})/.exec(
      char + this.chars.slice(this.at, this.at + 2).join(""),
    );
    if (octal !== null) {
      this.at += octal[0].length - 1;
      return parseInt(octal[0], 8);
    }
    if (/^[1-9k]$/.test(char)) throw new Re2SyntaxError("RE2 has no backreferences");
    // Any other punctuation stands for itself; an unknown letter or digit is refused.
    if (/^[\p{L}\p{N}_]$/u.test(char)) throw new Re2SyntaxError();
    return char.codePointAt(0)!;
  }

  /** After `[`: the class as a one-character JavaScript source, `[...]` or `[^...]`. */
  characterClass(): string {
    let negated = false;
    if (this.peek() === "^") {
      this.at++;
      negated = true;
    }
    let contents = "";
    for (let first = true; first || this.peek() !== "]"; first = false) {
      if (this.peek() === undefined) throw new Re2SyntaxError();
      if (this.startsWith("[:")) {
        contents += this.posixClass();
        continue;
      }
      const low = this.classItem();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
        this.at++;
        const high = this.classItem();
        if (low.codePoint === undefined || high.codePoint === undefined) {
          throw new Re2SyntaxError();
        }
        if (high.codePoint < low.codePoint) throw new Re2SyntaxError();
        contents += `${low.source}-${high.source}`;
      } else {
        contents += low.source;
      }
    }
    this.at++;
    return `[${negated ? "^" : ""}${contents}]`;
  }

  /** One item of a class: a character (with its code point, for ranges) or an escaped class. */
  classItem(): { source: string; codePoint?: number } {
    const char = this.take();
    if (char !== "\\") {
      return { source: literalSource(char.codePointAt(0)!), codePoint: char.codePointAt(0)! };
    }
    const source = this.classEscape();
    const single = /^\\u\{([0-9a-f]+)\}$/.exec(source);
    return single === null ? { source } : { source, codePoint: parseInt(single[1]!, 16) };
  }

  /** `[:name:]` or `[:^name:]` inside a class. */
  posixClass(): string {
    const match = /^\[:(\^?)([a-z]+):\]/.exec(this.chars.slice(this.at, this.at + 12).join(""));
    const ranges = match === null ? undefined : POSIX[match[2]!];
    if (match === null || ranges === undefined) throw new Re2SyntaxError();
    this.at += match[0].length;
    if (match[1] === "") return ranges;
    // A negated POSIX class inside a class: its complement, built with a one-character RegExp.
    return complementOf(ranges);
  }
}

/** The class contents of every code point outside `ranges` (ASCII ranges), as ranges. */
function complementOf(ranges: string): string {
  const inside = new RegExp(`^[${ranges}]$`, "u");
  let result = "";
  let start: number | undefined;
  for (let code = 0; code <= 0x80; code++) {
    const outside = code === 0x80 || !inside.test(String.fromCodePoint(code));
    if (outside && start === undefined) start = code;
    if (!outside && start !== undefined) {
      result += `${literalSource(start)}-${literalSource(code - 1)}`;
      start = undefined;
    }
  }
  return `${result}${literalSource(start ?? 0x80)}-\\u{10FFFF}`;
}

/**
 * A matcher of what the RE2 `pattern` matches anywhere in a text (RE2's partial match, as CEL's
 * `matches()` asks), or why there is none: `problem` names an RE2 rule the pattern breaks, and is
 * undefined when the pattern is not a valid expression at all.
 */
export function compileRe2(pattern: string): Re2Matcher | { problem: string | undefined } {
  try {
    const parser = new Parser(pattern);
    const node = parser.alternation({ i: false, m: false, s: false });
    if (parser.at < parser.chars.length) throw new Re2SyntaxError();
    return compileProgram(node);
  } catch (error) {
    if (error instanceof Re2SyntaxError) return { problem: error.problem };
    if (error instanceof Re2TooLargeError) {
      return { problem: "the pattern is too large (RE2 refuses a program this size)" };
    }
    throw error;
  }
}
