// The automaton of CEL's matches(): a parsed RE2 pattern compiled to a program and run as a Pike
// VM (Thompson's construction, every thread advanced in step), so a match costs at most the text's
// length times the program's size, whatever the pattern; no backtracking. Only whether there is a
// match is asked, so there are no captures and no thread priorities.

/** An empty-width assertion. */
export type Assertion =
  | "textStart"
  | "textEnd"
  | "lineStart"
  | "lineEnd"
  | "wordBoundary"
  | "notWordBoundary";

/** A parsed pattern. */
export type Node =
  /** One character matching `source` (a one-character JavaScript pattern); `fold`: any case. */
  | { type: "char"; source: string; fold: boolean; char?: string }
  /** `.`: any character, `\n` only when `newline`. */
  | { type: "dot"; newline: boolean }
  | { type: "assert"; kind: Assertion }
  | { type: "cat"; items: Node[] }
  | { type: "alt"; items: Node[] }
  | { type: "rep"; node: Node; min: number; max: number };

type Instruction =
  | { op: "char"; test: (char: string) => boolean; next: number }
  | { op: "split"; next: number; other: number }
  | { op: "jump"; next: number }
  | { op: "assert"; kind: Assertion; next: number }
  | { op: "match" };

/** What matches RE2 patterns against a text. */
export interface Re2Matcher {
  /** Whether the pattern matches anywhere in `text`; throws {@linkcode Re2BudgetError} past the budget. */
  test(text: string): boolean;
}

/**
 * The most instructions a program may have: RE2 refuses patterns whose program outgrows its
 * memory budget ("pattern too large"); 512 characters of pattern with repetitions stay under it.
 */
const MAX_INSTRUCTIONS = 20_000;
/**
 * The most steps (a thread tested or added) one match may take: the text's length times the
 * program's size is linear, but both can be large; past this the match fails with an error.
 */
export const MAX_STEPS = 5_000_000;

/** A match that would take more than {@linkcode MAX_STEPS}. */
export class Re2BudgetError extends Error {
  override readonly name = "Re2BudgetError";
}

/** A pattern whose program would pass {@linkcode MAX_INSTRUCTIONS}. */
export class Re2TooLargeError extends Error {
  override readonly name = "Re2TooLargeError";
}

const WORD = /^[0-9A-Za-z_]$/;

/** The test of one character node: plain equality where it can, else a one-character RegExp. */
function characterTest(node: Extract<Node, { type: "char" }>): (char: string) => boolean {
  const { char } = node;
  if (char !== undefined && (!node.fold || char.toLowerCase() === char.toUpperCase())) {
    return (candidate) => candidate === char;
  }
  const pattern = new RegExp(`^${node.source}$`, node.fold ? "iu" : "u");
  return (candidate) => pattern.test(candidate);
}

/** Compiles `node` to instructions (Thompson's construction). */
class Compiler {
  readonly program: Instruction[] = [];

  add(instruction: Instruction): number {
    if (this.program.length >= MAX_INSTRUCTIONS) throw new Re2TooLargeError();
    this.program.push(instruction);
    return this.program.length - 1;
  }

  /** Emits `node`; its last instruction continues at the next one emitted. */
  emit(node: Node): void {
    switch (node.type) {
      case "char":
        this.add({ op: "char", test: characterTest(node), next: this.program.length + 1 });
        return;
      case "dot": {
        const test = node.newline ? () => true : (char: string) => char !== "\n";
        this.add({ op: "char", test, next: this.program.length + 1 });
        return;
      }
      case "assert":
        this.add({ op: "assert", kind: node.kind, next: this.program.length + 1 });
        return;
      case "cat":
        for (const item of node.items) this.emit(item);
        return;
      case "alt":
        return this.alternation(node.items);
      case "rep":
        return this.repetition(node.node, node.min, node.max);
    }
  }

  alternation(items: Node[]): void {
    const jumps: Extract<Instruction, { op: "jump" }>[] = [];
    for (const [index, item] of items.entries()) {
      if (index === items.length - 1) {
        this.emit(item);
        break;
      }
      // split item, rest; item; jump end; rest...
      const split: Extract<Instruction, { op: "split" }> = { op: "split", next: 0, other: 0 };
      this.add(split);
      split.next = this.program.length;
      this.emit(item);
      const jump: Extract<Instruction, { op: "jump" }> = { op: "jump", next: 0 };
      this.add(jump);
      jumps.push(jump);
      split.other = this.program.length;
    }
    for (const jump of jumps) jump.next = this.program.length;
  }

  repetition(node: Node, min: number, max: number): void {
    for (let i = 0; i < min; i++) this.emit(node);
    if (max === Infinity) {
      // L: split body, out; body; jump L.
      const split: Extract<Instruction, { op: "split" }> = { op: "split", next: 0, other: 0 };
      const start = this.add(split);
      split.next = this.program.length;
      this.emit(node);
      this.add({ op: "jump", next: start });
      split.other = this.program.length;
      return;
    }
    // Each optional copy may be skipped to the end: split body, end; body; ...
    const splits: Extract<Instruction, { op: "split" }>[] = [];
    for (let i = min; i < max; i++) {
      const split: Extract<Instruction, { op: "split" }> = { op: "split", next: 0, other: 0 };
      this.add(split);
      split.next = this.program.length;
      splits.push(split);
      this.emit(node);
    }
    for (const split of splits) split.other = this.program.length;
  }
}

/** Whether `kind` holds between `before` and `after` (undefined at the text's ends). */
function holds(kind: Assertion, before: string | undefined, after: string | undefined): boolean {
  switch (kind) {
    case "textStart":
      return before === undefined;
    case "textEnd":
      return after === undefined;
    case "lineStart":
      return before === undefined || before === "\n";
    case "lineEnd":
      return after === undefined || after === "\n";
    case "wordBoundary":
    case "notWordBoundary": {
      const boundary = WORD.test(before ?? "") !== WORD.test(after ?? "");
      return boundary === (kind === "wordBoundary");
    }
  }
}

/** A set of program counters in insertion order, cleared in constant time. */
class ThreadList {
  readonly pcs: Int32Array;
  readonly stamp: Int32Array;
  size = 0;
  generation = 1;

  constructor(length: number) {
    this.pcs = new Int32Array(length);
    this.stamp = new Int32Array(length);
  }

  clear(): void {
    this.size = 0;
    this.generation++;
  }

  /** Adds `pc`; false when it was there. */
  add(pc: number): boolean {
    if (this.stamp[pc] === this.generation) return false;
    this.stamp[pc] = this.generation;
    this.pcs[this.size++] = pc;
    return true;
  }
}

/** Runs `program` over `text` as a Pike VM, starting a thread at every position. */
function run(program: readonly Instruction[], text: string): boolean {
  const chars = Array.from(text);
  let current = new ThreadList(program.length);
  let next = new ThreadList(program.length);
  const stack: number[] = [];
  let steps = 0;
  /** Adds `pc` and every instruction it reaches without reading a character, at `position`. */
  const follow = (list: ThreadList, pc: number, position: number): boolean => {
    stack.push(pc);
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (++steps > MAX_STEPS) throw new Re2BudgetError();
      if (!list.add(at)) continue;
      const instruction = program[at]!;
      if (instruction.op === "match") return true;
      if (instruction.op === "jump") stack.push(instruction.next);
      else if (instruction.op === "split") stack.push(instruction.other, instruction.next);
      else if (instruction.op === "assert") {
        if (holds(instruction.kind, chars[position - 1], chars[position])) {
          stack.push(instruction.next);
        }
      }
    }
    return false;
  };
  for (let position = 0;; position++) {
    if (follow(current, 0, position)) return true;
    if (position === chars.length) return false;
    const char = chars[position]!;
    next.clear();
    for (let i = 0; i < current.size; i++) {
      const instruction = program[current.pcs[i]!]!;
      if (++steps > MAX_STEPS) throw new Re2BudgetError();
      if (instruction.op === "char" && instruction.test(char)) {
        if (follow(next, instruction.next, position + 1)) return true;
      }
    }
    [current, next] = [next, current];
  }
}

/**
 * Compiles a parsed pattern to a matcher of RE2's partial match (anywhere in the text).
 *
 * @throws {Re2TooLargeError} When the program would outgrow {@linkcode MAX_INSTRUCTIONS}.
 */
export function compileProgram(node: Node): Re2Matcher {
  const compiler = new Compiler();
  compiler.emit(node);
  compiler.add({ op: "match" });
  const program = compiler.program;
  return { test: (text) => run(program, text) };
}
