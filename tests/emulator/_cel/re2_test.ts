// CEL's matches() as RE2 matches: the same answers as a JavaScript RegExp where the two languages
// agree (a seeded differential over random patterns and texts), RE2's own syntax where they do
// not, and time linear in the text on patterns a backtracking engine takes exponential time on.
import assert from "node:assert/strict";
import fc from "fast-check";
import { CelEvaluationError, compileCel } from "../../../emulator/_cel/cel.ts";
import { compileRe2 } from "../../../emulator/_cel/re2.ts";
import { assertLinear } from "../../support/linear_time.ts";

const SEED = 20261202;

/** Whether the RE2 `pattern` matches somewhere in `text`, through CEL as an attribute condition. */
function matches(text: string, pattern: string): boolean {
  return compileCel("text.matches(pattern)")({ text, pattern }) as boolean;
}

/** A pattern over `ab`, built of what RE2 and JavaScript read the same way. */
const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string; atom: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("a", "b", ".", "[ab]", "[^a]", "\\d", "\\w", "[a-c]", "\\.", "^", "$", "\\b"),
    tie("node").map((inner) => `(${inner})`),
    tie("node").map((inner) => `(?:${inner})`),
  ),
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("atom"),
    fc.tuple(tie("atom"), fc.constantFrom("*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?"))
      .map(([atom, operator]) => /^[$^]|\\b/.test(atom) ? atom : atom + operator),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => a + b),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => `${a}|${b}`),
  ),
})).node;

Deno.test("matches() answers as a JavaScript RegExp on patterns the two read alike", () => {
  const text = fc.stringMatching(/^[ab1.\n]{0,12}$/);
  fc.assert(
    fc.property(pattern, text, (source, subject) => {
      assert.equal(matches(subject, source), new RegExp(source, "u").test(subject), source);
    }),
    { seed: SEED, numRuns: 3000 },
  );
});

Deno.test("matches() reads RE2's own syntax", () => {
  const rows: [string, string, boolean][] = [
    // Unicode classes: a general category, a script, negated, one letter.
    ["Ωmega", "^\\p{Greek}", true],
    ["Omega", "^\\p{Greek}", false],
    ["Omega", "^\\P{Greek}", true],
    ["Omega", "^\\p{^Greek}", true],
    ["x1", "^\\pL\\pN$", true],
    // POSIX classes and their negation inside a class.
    ["ab", "^[[:alpha:]]+$", true],
    ["a1", "^[[:^alpha:]]", false],
    ["1a", "^[[:^alpha:]]", true],
    // \Q...\E quotes, \x{...} and octal escapes, escaped punctuation.
    ["a.b*c", "^\\Qa.b*c\\E$", true],
    ["axbbc", "^\\Qa.b*c\\E$", false],
    ["A", "^\\x{41}$", true],
    ["A", "^\\101$", true],
    ["a!", "^a\\!$", true],
    // \A and \z at the ends of the text only, even in multi-line mode.
    ["x\nab", "(?m)\\Aab", false],
    ["ab\n", "ab\\z", false],
    ["ab\n", "(?m)ab$", true],
    // $ without m is the end of the text, not before a final newline (unlike Perl).
    ["ab\n", "ab$", false],
    // Flags anywhere, and a flag group that applies to a group only.
    ["aB", "^a(?i)b$", true],
    ["AB", "^a(?i)b$", false],
    ["aBc", "^a(?i:b)c$", true],
    ["aBC", "^a(?i:b)c$", false],
    ["ab", "(?i)(?-i:A)b", false],
    // Case folding beyond ASCII: the Kelvin sign folds to k.
    ["\u212A", "(?i)^k$", true],
    // Named groups in both spellings, lazy operators, and a { that starts no repetition.
    ["ab", "^(?P<first>a)(?<second>b)$", true],
    ["a{x}", "^a{x}$", true],
    ["a{,2}", "^a{,2}$", true],
    ["aaa", "^a{2,}?$", true],
    // \b and \w are ASCII, as RE2's are.
    ["é", "\\w", false],
    ["a b", "a\\b", true],
    // \s is RE2's [\t\n\f\r ]: no vertical tab, no Unicode space.
    ["\v", "\\s", false],
    ["\u00a0", "\\s", false],
    ["\t", "\\s", true],
    // Code points, not UTF-16 units.
    ["😀", "^.$", true],
    ["😀", "^[😀]$", true],
  ];
  for (const [text, source, expected] of rows) {
    assert.equal(matches(text, source), expected, `${JSON.stringify(text)} ~ ${source}`);
  }
});

Deno.test("matches() refuses what RE2 refuses", () => {
  for (
    const source of [
      "(",
      ")",
      "a**",
      "a+{2}",
      "*a",
      "a{1001}",
      "a{3,2}",
      "[b-a]",
      "[a",
      "\\p{NoSuchScript}",
      "\\e",
      "\\8",
      "(?P=n)",
      "(?i-)",
      "(?x)a",
    ]
  ) {
    assert.ok(!("test" in compileRe2(source)), source);
  }
  assert.deepEqual(compileRe2("((a{1000}){1000}){1000}"), {
    problem: "the pattern is too large (RE2 refuses a program this size)",
  });
});

/** Patterns a backtracking engine takes exponential time on, and a text each fails on. */
const HOSTILE: [string, (length: number) => string][] = [
  ["(a+)+$", (n) => `${"a".repeat(n)}!`],
  ["(a|aa)*c", (n) => "a".repeat(n)],
  ["(a*)*b", (n) => "a".repeat(n)],
  ["^(\\w+\\s?)*$", (n) => `${"word ".repeat(n / 5)}!`],
];

Deno.test("matches() is not a backtracking RegExp: twenty characters cost about ten times two", async (t) => {
  // A backtracking engine pays 2^20 for twenty characters of (a+)+$ against 2^2 for two.
  for (const [source, text] of HOSTILE) {
    await t.step(source, () => {
      assertLinear((size) => {
        const subject = text(size / 5000);
        return () => assert.equal(matches(subject, source), false);
      });
    });
  }
});

Deno.test("matches() takes time linear in the text on those patterns: 100k characters cost about ten times 10k", async (t) => {
  for (const [source, text] of HOSTILE) {
    await t.step(source, () => {
      const matcher = compileRe2(source);
      assert.ok("test" in matcher && !(matcher instanceof RegExp), "an automaton, not a RegExp");
      assertLinear((size) => {
        const subject = text(size);
        return () => assert.equal(matcher.test(subject), false);
      });
    });
  }
});

Deno.test("matches() fails the evaluation past its step budget, never hangs", () => {
  // A program of about 2,000 instructions against 10,000 characters: 2e7 steps.
  const source = "(?:a|b){1000}c";
  const text = "ab".repeat(5000);
  assert.throws(() => matches(text, source), (error) => {
    assert.ok(error instanceof CelEvaluationError);
    assert.match(error.message, /takes more than 5000000 steps on a text of 10000 characters/);
    return true;
  });
});
