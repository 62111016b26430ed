// The CEL subset of the STS emulator: GitHub conditions and mappings, operator semantics, errors,
// syntax error positions, and hostile-input limits.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  CelEvaluationError,
  CelSyntaxError,
  type CelValue,
  type CelVariables,
  compileCel,
} from "../../../emulator/_cel/cel.ts";

const SEED = 20240917;

const CLAIMS = {
  sub: "repo:octo-org/app:ref:refs/heads/main",
  repository: "octo-org/app",
  repository_owner: "octo-org",
  repository_id: "123456",
  ref: "refs/heads/main",
  actor: "octocat",
  event_name: "push",
  environment: "prod",
  run_attempt: "1",
  iat: 1700000000,
  groups: ["admins", "devs"],
  nested: { team: "core" },
};
const VARIABLES: CelVariables = {
  assertion: CLAIMS,
  attribute: { repository: "c/d", actor: "octocat" },
  google: { subject: "repo:octo-org/app:ref:refs/heads/main" },
};

function run(expression: string, variables: CelVariables = VARIABLES): CelValue {
  return compileCel(expression)(variables);
}

function claims(overrides: Record<string, CelValue>): CelVariables {
  return { assertion: { ...CLAIMS, ...overrides } };
}

function without(key: string): CelVariables {
  return { assertion: Object.fromEntries(Object.entries(CLAIMS).filter(([k]) => k !== key)) };
}

function table(cases: [string, CelValue][], variables: CelVariables = VARIABLES): void {
  for (const [expression, expected] of cases) {
    assert.deepEqual(run(expression, variables), expected, expression);
  }
}

function evaluationFails(expression: string, message: RegExp, variables = VARIABLES): void {
  const program = compileCel(expression);
  assert.throws(() => program(variables), (error) => {
    assert.ok(error instanceof CelEvaluationError, `${expression}: ${error}`);
    assert.equal(error.name, "CelEvaluationError");
    assert.match(error.message, message, expression);
    return true;
  });
}

function syntaxFails(expression: string, index: number, problem: RegExp): void {
  assert.throws(() => compileCel(expression), (error) => {
    const shown = expression.slice(0, 40);
    assert.ok(error instanceof CelSyntaxError, `${shown}: ${error}`);
    assert.ok(error instanceof SyntaxError);
    assert.equal(error.name, "CelSyntaxError");
    assert.equal(error.expression, expression);
    assert.equal(error.index, index, `${shown}: ${error.message}`);
    assert.ok(error.message.startsWith(`Cannot parse CEL expression at ${index}: `), error.message);
    assert.match(error.message, problem, shown);
    return true;
  });
}

Deno.test("compileCel() evaluates realistic GitHub attribute conditions", () => {
  const conditions: [string, CelVariables, boolean][] = [
    ["assertion.repository_owner == 'octo-org'", VARIABLES, true],
    ["assertion.repository_owner == 'octo-org'", claims({ repository_owner: "evil" }), false],
    [
      'assertion.repository == "octo-org/app" && assertion.ref.startsWith("refs/heads/")',
      VARIABLES,
      true,
    ],
    [
      'assertion.repository == "octo-org/app" && assertion.ref.startsWith("refs/heads/")',
      claims({ ref: "refs/tags/v1" }),
      false,
    ],
    ["attribute.repository in ['a/b', 'c/d']", VARIABLES, true],
    ["attribute.repository in ['a/b', 'c/d']", { attribute: { repository: "e/f" } }, false],
    [
      "assertion.ref == 'refs/heads/main' || assertion.event_name == 'workflow_dispatch'",
      claims({ ref: "refs/heads/dev", event_name: "workflow_dispatch" }),
      true,
    ],
    [
      "assertion.ref == 'refs/heads/main' || assertion.event_name == 'workflow_dispatch'",
      claims({ ref: "refs/heads/dev" }),
      false,
    ],
    ["has(assertion.environment) && assertion.environment == 'prod'", VARIABLES, true],
    [
      "has(assertion.environment) && assertion.environment == 'prod'",
      without("environment"),
      false,
    ],
    ["assertion.repository_id == '123456' && assertion.run_attempt != '2'", VARIABLES, true],
    ["google.subject.endsWith(':ref:refs/heads/main')", VARIABLES, true],
    ["assertion.sub.matches('^repo:octo-org/[^:]+:ref:refs/heads/main$')", VARIABLES, true],
    ["'admins' in assertion.groups && assertion.nested.team == 'core'", VARIABLES, true],
  ];
  for (const [expression, variables, expected] of conditions) {
    assert.equal(run(expression, variables), expected, expression);
  }
});

Deno.test("compileCel() evaluates attribute mappings", () => {
  table([
    ["assertion.sub", "repo:octo-org/app:ref:refs/heads/main"],
    ['"repo:" + assertion.repository', "repo:octo-org/app"],
    ["assertion.actor + '@' + assertion.repository_owner", "octocat@octo-org"],
    ["assertion.groups", ["admins", "devs"]],
    ["assertion['repository_owner']", "octo-org"],
    ["assertion.nested", { team: "core" }],
    ["assertion.iat", 1700000000],
    ["has(assertion.environment) ? assertion.environment : 'none'", "prod"],
  ]);
  assert.equal(run("has(assertion.environment) ? 'yes' : 'none'", without("environment")), "none");
});

Deno.test("compileCel() programs are reusable and do not keep state between calls", () => {
  const program = compileCel("assertion.actor + ':' + string(size(assertion.groups))");
  assert.equal(program(VARIABLES), "octocat:2");
  assert.equal(program(claims({ actor: "hubot", groups: [] })), "hubot:0");
  assert.equal(program(VARIABLES), "octocat:2");
});

Deno.test("compileCel() follows CEL precedence and associativity", () => {
  table([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["10 - 4 - 3", 3],
    ["100 / 10 / 5", 2],
    ["7 / 2", 3],
    ["-7 / 2", -3],
    ["7 % 3", 1],
    ["-7 % 3", -1],
    ["7 % -3", 1],
    ["7 % 4 * 2", 6],
    ["2 * 3 % 4", 2],
    ["-2 * 3", -6],
    ["- -3", 3],
    ["-(0)", 0],
    ["-0", 0],
    ["-[1, 2][0]", -1],
    ["!true || true", true],
    ["!(true || true)", false],
    ["true || false && false", true],
    ["false && true || true", true],
    ["(true || false) && false", false],
    ["1 + 2 == 3", true],
    ["1 < 2 == true", true],
    ["2 + 3 in [5]", true],
    ["'a' + 'b' in ['ab'] && 1 < 2", true],
    ["!!true", true],
    ["1 == 1 == true", true],
    ["true ? 1 : 2", 1],
    ["false ? 1 : true ? 2 : 3", 2],
    ["false ? 1 : false ? 2 : 3", 3],
    ["1 == 2 || true ? 'y' : 'n'", "y"],
    ["true ? (false ? 1 : 2) : 3", 2],
    ["(false ? 1 : 2) + 1", 3],
    ["[1, 2, 3][1 + 1]", 3],
    ["assertion.nested['te' + 'am'].size() * 2", 8],
  ]);
});

Deno.test("compileCel() evaluates literals and escapes", () => {
  table([
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ["'back\\\\slash'", "back\\slash"],
    ["'\\n\\t\\r'", "\n\t\r"],
    ["'\\u00e9\\u0041'", "éA"],
    ["'\\a\\b\\f\\v\\?\\`'", "\x07\b\f\v?`"],
    ["'\\x41\\X42\\103\\000\\377'", "ABC\0\u00ff"],
    ["'\\U0001F600\\U00000041\\U0010FFFF'", "😀A\u{10ffff}"],
    [`"it's"`, "it's"],
    [`'say "hi"'`, 'say "hi"'],
    ["'h\u00e9llo 😀'", "héllo 😀"],
    ["''", ""],
    ["0", 0],
    ["42", 42],
    ["9007199254740991", 9007199254740991],
    ["true", true],
    ["false", false],
    ["null", null],
    ["[]", []],
    ["[1, 'a', true, null, [2]]", [1, "a", true, null, [2]]],
    ["[1, 2,]", [1, 2]],
    ["  1 +\n\t2 // a comment\n", 3],
  ]);
});

Deno.test("compileCel() compares numbers and strings", () => {
  table([
    ["1 < 2", true],
    ["2 <= 2", true],
    ["2 < 2", false],
    ["2 > 2", false],
    ["2 >= 2", true],
    ["'a' < 'a'", false],
    ["'a' >= 'a'", true],
    ["3 > 2", true],
    ["2 >= 3", false],
    ["-1 < 0", true],
    ["'a' < 'b'", true],
    ["'abc' > 'abd'", false],
    ["'ab' < 'abc'", true],
    ["'' <= ''", true],
    ["'Z' < 'a'", true],
    ["false < true", true],
    ["true < true", false],
    ["true >= false", true],
    ["false > true", false],
    ["true <= true", true],
    // Code point order (CEL), not UTF-16 order: U+FFFF sorts before U+1F600.
    ["'\\uffff' < '😀'", true],
    ["'😀' > '\\uffff'", true],
    ["assertion.iat > 1600000000", true],
  ]);
});

Deno.test("compileCel() evaluates map literals with string keys", () => {
  table([
    ["{}", {}],
    ["{'a': 1, 'b': [true, null],}", { a: 1, b: [true, null] }],
    ["{'a': {'b': 'c'}}.a.b", "c"],
    ["{'repo-a': 'team-1', 'octo-org/app': 'team-2'}[assertion.repository]", "team-2"],
    ["{'k' + 'ey': 1 + 1}", { key: 2 }],
    ["'b' in {'a': 1, 'b': 2}", true],
    ["has({'a': 1}.a) && !has({'a': 1}.b)", true],
    ["size({'a': 1, 'b': 2})", 2],
    ["{'a': 1, 'b': 2} == {'b': 2, 'a': 1}", true],
    ["{'a': 1}.exists(k, k == 'a')", true],
    ["{true ? 'x' : 'y': 1}", { x: 1 }],
  ]);
  const proto = run("{'__proto__': 'own'}");
  assert.deepEqual(Object.keys(proto as object), ["__proto__"]);
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.equal(run("{'__proto__': 'own'}.__proto__"), "own");
  evaluationFails(
    "{1: 'a'}",
    /^map keys other than strings are not in the emulator's CEL subset: int$/,
  );
  evaluationFails("{'a': 1, 'a': 2}", /^map key conflict: "a"$/);
  evaluationFails("{'a': 1}.b", /^no such key: "b"$/);
  evaluationFails("{'a': nope}", /^unknown variable: "nope"$/);
});

Deno.test("compileCel() compares values by value, lists and maps deeply", () => {
  table([
    ["[1, [2, 'x']] == [1, [2, 'x']]", true],
    ["[1, [2, 'x']] == [1, [2, 'y']]", false],
    ["[1] != [1, 2]", true],
    ["[] == []", true],
    ["assertion.groups == ['admins', 'devs']", true],
    ["assertion.groups == ['devs', 'admins']", false],
    ["assertion.nested == attribute.team", true],
    ["assertion.nested == attribute.other", false],
    ["1 == '1'", false],
    ["null == null", true],
    ["null != false", true],
    ["true == true", true],
    ["[1] == 1", false],
    ["'a' != 'a'", false],
  ], { ...VARIABLES, attribute: { team: { team: "core" }, other: { team: "core", x: "y" } } });
});

Deno.test("compileCel() tests membership with in", () => {
  table([
    ["'a' in ['a', 'b']", true],
    ["'c' in ['a', 'b']", false],
    ["2 in [1, 2]", true],
    ["[1] in [[1], [2]]", true],
    ["'x' in []", false],
    ["'sub' in assertion", true],
    ["'missing' in assertion", false],
    ["'team' in assertion.nested", true],
    ["1 in assertion", false],
    ["'toString' in assertion", false],
    ["'__proto__' in assertion", false],
    ["'constructor' in assertion", false],
    ["!('a' in ['b'])", true],
  ]);
});

Deno.test("compileCel() supports size(), string methods, string() and int()", () => {
  table([
    ["size('héllo')", 5],
    ["size('😀')", 1],
    ["'abc'.size()", 3],
    ["size([1, 2])", 2],
    ["[1, 2, 3].size()", 3],
    ["size(assertion.nested)", 1],
    ["assertion.nested.size()", 1],
    ["size('')", 0],
    ["assertion.ref.startsWith('refs/heads/')", true],
    ["assertion.ref.endsWith('/main')", true],
    ["assertion.ref.contains('heads')", true],
    ["assertion.ref.contains('tags')", false],
    ["''.startsWith('')", true],
    ["assertion.ref.matches('^refs/(heads|tags)/')", true],
    ["assertion.ref.matches('^refs/tags/')", false],
    ["assertion.ref.matches('heads')", true],
    ["'😀'.matches('^.$')", true],
    ["string(42)", "42"],
    ["string(-7)", "-7"],
    ["string(true)", "true"],
    ["string('x')", "x"],
    ["string(assertion.iat)", "1700000000"],
    ["int('42')", 42],
    ["int('-7') + 1", -6],
    ["int('+3')", 3],
    ["int(3)", 3],
    ["int(assertion.run_attempt) >= 1", true],
    ["dyn(1) == 1", true],
    ["dyn([1, 'a'])[1]", "a"],
    ["dyn(assertion.nested).team", "core"],
  ]);
  assert.equal(run("r + b + rb", { r: "x", b: "y", rb: "z" }), "xyz", "r and b stay names");
  assert.equal(run("int(assertion.ratio)", claims({ ratio: 2.75 })), 2);
  assert.equal(run("int(assertion.ratio)", claims({ ratio: -2.75 })), -2);
  assert.equal(run("string(assertion.ratio)", claims({ ratio: 2.5 })), "2.5");
});

Deno.test("compileCel() evaluates exists() and all() with a bound variable", () => {
  table([
    ["['a', 'b'].exists(x, x == 'b')", true],
    ["['a', 'b'].exists(x, x == 'c')", false],
    ["['a', 'b'].all(x, size(x) == 1)", true],
    ["['a', 'bb'].all(x, size(x) == 1)", false],
    ["[].exists(x, true)", false],
    ["[].all(x, false)", true],
    ["assertion.groups.exists(g, g.startsWith('adm'))", true],
    ["assertion.exists(k, k == 'sub')", true],
    ["assertion.nested.all(k, k == 'team')", true],
    // The bound variable shadows a top-level one, and nested macros see both bindings.
    ["[1, 2].exists(assertion, assertion == 2)", true],
    ["[1, 2].all(x, [1, 2].exists(y, x == y))", true],
    ["[[1, 2], [3]].exists(l, l.all(x, x > 2))", true],
    ["['a'].exists(x, x == 'a') && assertion.actor == 'octocat'", true],
  ]);
  // Error absorption inside the macros, like || (exists) and && (all).
  table([["[0, 1].exists(x, 10 / x == 10)", true], ["[0, 2].all(x, 10 / x == 10)", false]]);
  evaluationFails("[0, 1].all(x, 10 / x == 10)", /^division by zero$/);
  evaluationFails("[0, 2].exists(x, 10 / x == 10)", /^division by zero$/);
  evaluationFails("[1].exists(x, x)", /exists\(\) expects bool operands, got int/);
  evaluationFails("'abc'.exists(x, true)", /exists\(\) expects a list or map, got string/);
  evaluationFails("[1].all(x, y)", /^unknown variable: "y"$/);
});

Deno.test("compileCel() && and || absorb errors when the other side decides", () => {
  const missing = without("environment");
  for (
    const [expression, expected] of [
      ["false && assertion.environment == 'prod'", false],
      ["assertion.environment == 'prod' && false", false],
      ["true || assertion.environment == 'prod'", true],
      ["assertion.environment == 'prod' || true", true],
      ["1 / 0 == 1 || true", true],
      ["'not a bool' || true", true],
      ["false && 'not a bool'", false],
      ["assertion.environment || assertion.environment == 'x' || true", true],
    ] as const
  ) {
    assert.equal(run(expression, missing), expected, expression);
  }
  evaluationFails(
    "assertion.environment == 'prod' || false",
    /^no such key: "environment"$/,
    missing,
  );
  evaluationFails(
    "true && assertion.environment == 'prod'",
    /^no such key: "environment"$/,
    missing,
  );
  evaluationFails(
    "assertion.environment == 'prod' && true",
    /^no such key: "environment"$/,
    missing,
  );
  // The first error wins when nothing decides.
  evaluationFails("nope || 1 / 0 == 1", /^unknown variable: "nope"$/);
  evaluationFails("'x' && true", /^"&&" expects bool operands, got string$/);
  evaluationFails("false || 1", /^"\|\|" expects bool operands, got int$/);
});

Deno.test("compileCel() reports type errors", () => {
  for (
    const [expression, message] of [
      ["!1", /unsupported operand type for unary "!": int/],
      ["-'a'", /unsupported operand type for unary "-": string/],
      ["1 + 'a'", /unsupported operand types for "\+": int and string/],
      ["'a' + 1", /unsupported operand types for "\+": string and int/],
      ["[1] + 'a'", /unsupported operand types for "\+": list and string/],
      ["'a' - 'b'", /unsupported operand types for "-": string and string/],
      ["'a' * 2", /unsupported operand types for "\*": string and int/],
      ["'a' < 1", /unsupported operand types for "<": string and int/],
      ["[1] < [2]", /unsupported operand types for "<": list and list/],
      ["null < 1", /unsupported operand types for "<": null and int/],
      ["'a' in 'abc'", /unsupported operand types for "in": string and string/],
      ["1 ? 2 : 3", /"\?:" expects a bool condition, got int/],
      ["1 / 0", /^division by zero$/],
      ["1 % 0", /^modulus by zero$/],
      ["9007199254740991 + 1", /^integer overflow$/],
      ["-9007199254740991 - 1", /^integer overflow$/],
      [
        "assertion.sub.startsWith(1)",
        /startsWith\(\) expects strings, got string\.startsWith\(int\)/,
      ],
      ["assertion.iat.contains('1')", /contains\(\) expects strings, got int\.contains\(string\)/],
      ["size(1)", /size\(\) expects a string, list or map, got int/],
      ["true.size()", /size\(\) expects a string, list or map, got bool/],
      ["string(null)", /string\(\) cannot convert null/],
      ["string([1])", /string\(\) cannot convert list/],
      ["int('4x')", /int\(\) cannot convert "4x"/],
      ["int(' 4')", /int\(\) cannot convert " 4"/],
      ["int('99999999999999999999')", /int\(\) cannot convert "99999999999999999999"/],
      ["int(true)", /int\(\) cannot convert bool/],
      ["assertion.sub.foo", /cannot select field "foo" from string/],
      ["assertion.groups.length", /cannot select field "length" from list/],
      ["[1][1]", /^index out of range: 1$/],
      ["[1][-1]", /^index out of range: -1$/],
      ["[1]['0']", /cannot index list with string/],
      ["assertion[0]", /cannot index map with int/],
      ["'abc'[0]", /cannot index string with int/],
      ["has(assertion.sub.x)", /has\(\) expects a map, got string/],
    ] as const
  ) {
    evaluationFails(expression, message);
  }
});

Deno.test("compileCel() rejects bad regular expressions at evaluation", () => {
  evaluationFails("'a'.matches('(')", /^invalid regular expression: "\("$/);
  evaluationFails("'a'.matches('\\\\p{Nope}')", /^invalid regular expression/);
  evaluationFails(`'a'.matches('${"a".repeat(513)}')`, /regular expression longer than 512/);
  assert.equal(run(`'${"a".repeat(512)}'.matches('${"a".repeat(512)}')`), true);
});

Deno.test("compileCel() matches() takes RE2 syntax: flag groups, no lookaround or backreferences", () => {
  table([
    ["'OCTO-org'.matches('(?i)^octo-ORG$')", true],
    ["'OCTO-org'.matches('^octo-ORG$')", false],
    ["'a\\nb'.matches('(?s)^a.b$')", true],
    ["'a\\nb'.matches('^a.b$')", false],
    ["'x\\nab'.matches('(?m)^ab$')", true],
    ["'(?=x'.matches('^[(?=]+x$')", true],
    ["'a\\\\1'.matches('a\\\\\\\\1')", true],
  ]);
  for (
    const [pattern, problem] of [
      ["a(?=b)", "RE2 has no lookahead or lookbehind"],
      ["a(?!b)", "RE2 has no lookahead or lookbehind"],
      ["(?<=a)b", "RE2 has no lookahead or lookbehind"],
      ["(?<!a)b", "RE2 has no lookahead or lookbehind"],
      ["(a)\\\\1", "RE2 has no backreferences"],
      ["(?<n>a)\\\\k<n>", "RE2 has no backreferences"],
    ] as const
  ) {
    const expected = `invalid regular expression: ${
      JSON.stringify(pattern.replaceAll("\\\\", "\\"))
    }`;
    evaluationFails(
      `'ab'.matches('${pattern}')`,
      new RegExp(`^${RegExp.escape(expected)}: ${problem}$`),
    );
  }
  evaluationFails("'a'.matches('(?U)a')", /^invalid regular expression: "\(\?U\)a"$/);
  evaluationFails("'a'.matches('(?ii)a')", /^invalid regular expression: "\(\?ii\)a"$/);
});

Deno.test("compileCel() evaluates Google's extract() as in the default AWS attribute mapping", () => {
  const awsRole = "assertion.arn.contains('assumed-role')" +
    " ? assertion.arn.extract('{account_arn}assumed-role/') + 'assumed-role/'" +
    "   + assertion.arn.extract('assumed-role/{role_name}/')" +
    " : assertion.arn";
  const arn = (value: string) => ({ assertion: { arn: value } });
  assert.equal(
    run(awsRole, arn("arn:aws:sts::123456789012:assumed-role/deployer/session-1")),
    "arn:aws:sts::123456789012:assumed-role/deployer",
  );
  assert.equal(
    run(awsRole, arn("arn:aws:iam::123456789012:user/alice")),
    "arn:aws:iam::123456789012:user/alice",
  );
  table([
    ["'projects/p/buckets/b/objects/logs/a.txt'.extract('/buckets/{name}/')", "b"],
    ["'projects/p/buckets/b/objects/logs/a.txt'.extract('/objects/{name}')", "logs/a.txt"],
    ["'projects/p/buckets/b'.extract('/topics/{name}')", ""],
    ["'projects/p/buckets/b'.extract('/buckets/{name}/')", ""],
    ["'a/b/c'.extract('{all}')", "a/b/c"],
    ["'a/b/c'.extract('{}/')", "a"],
  ]);
  for (const template of ["no placeholder", "{a}{b}", "{a", "a}", "{a-b}"]) {
    evaluationFails(
      `'x'.extract('${template}')`,
      new RegExp(`^extract\\(\\) expects a template with one \\{name\\} placeholder`),
    );
  }
  evaluationFails("assertion.iat.extract('{x}')", /extract\(\) expects strings, got int/);
});

Deno.test("compileCel() treats a missing key or unknown variable as an error", () => {
  const noOwner = without("repository_owner");
  evaluationFails(
    "assertion.repository_owner == 'octo-org'",
    /^no such key: "repository_owner"$/,
    noOwner,
  );
  evaluationFails("assertion['repository_owner']", /^no such key: "repository_owner"$/, noOwner);
  evaluationFails("assertion.nested.missing", /^no such key: "missing"$/);
  evaluationFails("has(assertion.missing.x)", /^no such key: "missing"$/);
  evaluationFails("nope", /^unknown variable: "nope"$/);
  evaluationFails("assertion.sub", /^unknown variable: "assertion"$/, {});
  assert.equal(run("has(assertion.repository_owner)", noOwner), false);
  assert.equal(run("has(assertion.nested.team)"), true);
  assert.equal(run("has(assertion.value)", claims({ value: null })), true);
});

Deno.test("compileCel() never reads inherited properties", () => {
  for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
    evaluationFails(`assertion.${key}`, new RegExp(`^no such key: "${key}"$`));
    evaluationFails(`assertion['${key}']`, new RegExp(`^no such key: "${key}"$`));
    evaluationFails(`${key}`, new RegExp(`^unknown variable: "${key}"$`));
    assert.equal(run(`has(assertion.${key})`), false, key);
    assert.equal(run(`'${key}' in assertion`), false, key);
  }
  const inherited = { assertion: Object.create({ sub: "inherited" }) };
  evaluationFails("assertion.sub", /^no such key: "sub"$/, inherited);
  evaluationFails("assertion.sub", /^unknown variable: "assertion"$/, Object.create(VARIABLES));
  const bare = { assertion: Object.assign(Object.create(null), { sub: "s" }) };
  assert.equal(run("assertion.sub", bare), "s");
  evaluationFails("assertion.toString", /^no such key: "toString"$/, bare);
});

Deno.test("compileCel() programs throw only CelEvaluationError, even for odd variables", () => {
  const getter = {
    assertion: Object.defineProperty({}, "sub", {
      enumerable: true,
      get(): never {
        throw new TypeError("boom");
      },
    }),
  };
  evaluationFails("assertion.sub", /^internal error: boom$/, getter);
  evaluationFails("assertion.sub || true", /^internal error: boom$/, getter);
  evaluationFails("assertion.x", /unsupported value of JavaScript type undefined/, {
    assertion: { x: undefined } as unknown as CelValue,
  });
  evaluationFails("assertion.f", /unsupported value of JavaScript type function/, {
    assertion: { f: () => 1 } as unknown as CelValue,
  });
  evaluationFails("assertion.sub", /^internal error/, null as unknown as CelVariables);
  const deep = JSON.parse("[".repeat(500) + "]".repeat(500));
  evaluationFails("assertion.deep == assertion.deep", /values nested deeper than 100 levels/, {
    assertion: { deep },
  });
});

Deno.test("compileCel() rejects unknown functions, methods and malformed macros", () => {
  syntaxFails("foo(1)", 0, /unknown function "foo"/);
  syntaxFails("assertion.sub.lower()", 14, /unknown method "lower"/);
  syntaxFails("a.has(b)", 2, /unknown method "has"/);
  syntaxFails("size()", 0, /size\(\) expects 1 argument$/);
  syntaxFails("size(1, 2)", 0, /size\(\) expects 1 argument$/);
  syntaxFails("'a'.size(1)", 4, /size\(\) expects 0 arguments/);
  syntaxFails("a.startsWith()", 2, /startsWith\(\) expects 1 argument/);
  syntaxFails("l.exists(x)", 2, /exists\(\) expects 2 arguments/);
  syntaxFails("l.all(1, true)", 6, /all\(\) expects a variable name first/);
  syntaxFails("l.exists(x.y, true)", 9, /exists\(\) expects a variable name first/);
  syntaxFails("has(a)", 4, /has\(\) expects a field selection such as a\.b/);
  syntaxFails("has(a['b'])", 4, /has\(\) expects a field selection/);
  syntaxFails("has(a.b())", 6, /unknown method "b"/);
  syntaxFails("has(a.size())", 4, /has\(\) expects a field selection/);
  syntaxFails("has()", 0, /has\(\) expects 1 argument/);
});

Deno.test("compileCel() reports syntax errors at the right index", () => {
  const cases: [string, number, RegExp][] = [
    ["'abc", 0, /unterminated string/],
    ['a == "abc', 5, /unterminated string/],
    ["'abc\ndef'", 0, /unterminated string/],
    ["a ==", 4, /expected an expression/],
    ["", 0, /expected an expression/],
    ["(a", 2, /expected "\)"/],
    ["((a)", 4, /expected "\)"/],
    ["a..b", 2, /expected a field name/],
    ["a.", 2, /expected a field name/],
    ["a.1", 2, /expected a field name/],
    ["'a\\qb'", 2, /invalid escape sequence/],
    ["'\\u12'", 1, /invalid escape sequence/],
    ["'\\ud800'", 1, /invalid escape sequence/],
    ["'abc\\", 4, /invalid escape sequence/],
    ["a # b", 2, /unexpected character "#"/],
    ["a = b", 2, /unexpected character "="/],
    ["a & b", 2, /unexpected character "&"/],
    ["{'a' 1}", 5, /expected ":"/],
    ["{'a': 1", 7, /expected "," or "\}"/],
    ["{,}", 1, /expected an expression/],
    ["Type{a: 1}", 4, /at 4: protobuf message literals are not in the emulator's CEL subset$/],
    ["a.b{}", 3, /protobuf message literals are not/],
    ["a b", 2, /expected an operator or the end/],
    ["a)", 1, /expected an operator or the end/],
    ["[1, 2", 5, /expected "," or "\]"/],
    ["[1 2]", 3, /expected "," or "\]"/],
    ["[,]", 1, /expected an expression/],
    ["size(1 2)", 7, /expected "," or "\)"/],
    ["true ? 1", 8, /expected ":"/],
    ["a[0", 3, /expected "\]"/],
    ["1.5", 1, /double, unsigned and hexadecimal literals are not in the emulator's CEL subset/],
    ["0x10", 1, /double, unsigned and hexadecimal literals are not/],
    ["1u", 1, /double, unsigned and hexadecimal literals are not/],
    ["1e3", 1, /double, unsigned and hexadecimal literals are not/],
    ["9007199254740992", 0, /integers beyond 2\^53 - 1 are not in the emulator's CEL subset/],
    ["r'raw'", 0, /raw and bytes literals are not in the emulator's CEL subset/],
    ['B"bytes"', 0, /raw and bytes literals are not/],
    ["br'x'", 0, /raw and bytes literals are not/],
    ["'''triple'''", 0, /triple-quoted strings are not in the emulator's CEL subset/],
    ['a + """x"""', 4, /triple-quoted strings are not/],
    ["'\\U00110000'", 1, /invalid escape sequence/],
    ["'\\U0000d800'", 1, /invalid escape sequence/],
    ["'\\400'", 1, /invalid escape sequence/],
    ["'\\x4'", 1, /invalid escape sequence/],
    ["'\\08'", 1, /invalid escape sequence/],
    ["in", 0, /expected an expression/],
    ["a.true", 2, /expected a field name/],
    ["a ? b : ", 8, /expected an expression/],
    // As in CEL's grammar, the middle operand of ?: is not itself an unparenthesized ?:.
    ["true ? false ? 1 : 2 : 3", 13, /expected ":"/],
  ];
  for (const [expression, index, problem] of cases) syntaxFails(expression, index, problem);
  assert.throws(() => compileCel(42 as unknown as string), CelSyntaxError);
});

Deno.test("compileCel() limits the expression length and nesting depth", () => {
  syntaxFails("1".padEnd(8193, " "), 8192, /longer than 8192 characters/);
  assert.equal(run("1".padEnd(8192, " ")), 1);
  syntaxFails(`${"(".repeat(100)}1${")".repeat(100)}`, 64, /nested deeper than 64 levels/);
  syntaxFails(`${"(".repeat(64)}1${")".repeat(64)}`, 64, /nested deeper than 64 levels/);
  assert.equal(run(`${"(".repeat(63)}1${")".repeat(63)}`), 1);
  syntaxFails(`${"[".repeat(100)}${"]".repeat(100)}`, 64, /nested deeper than 64 levels/);
  syntaxFails(`${"size(".repeat(100)}''${")".repeat(100)}`, 320, /nested deeper/);
  syntaxFails(`${"a[".repeat(100)}0${"]".repeat(100)}`, 128, /nested deeper/);
  syntaxFails("true ? 1 : ".repeat(100) + "0", 704, /nested deeper/);
  syntaxFails(`${"{'a': ".repeat(100)}1${"}".repeat(100)}`, 379, /nested deeper/);
  syntaxFails("[1].exists(x, ".repeat(100) + "true" + ")".repeat(100), 883, /nested deeper/);
});

Deno.test("compileCel() handles long flat chains without deep recursion", () => {
  const terms = ["assertion.ref == 'refs/heads/main'"];
  while (terms.join(" || ").length < 8000) {
    terms.unshift(`assertion.ref == 'refs/heads/b${terms.length}'`);
  }
  const condition = terms.join(" || ");
  assert.ok(condition.length <= 8192, String(condition.length));
  const program = compileCel(condition);
  assert.equal(program(VARIABLES), true);
  assert.equal(program(claims({ ref: "refs/heads/other" })), false);
  assert.equal(program(claims({ ref: "refs/heads/b1" })), true);
  assert.equal(program(claims({ ref: `refs/heads/b${terms.length - 1}` })), true);
  assert.equal(program(claims({ ref: `refs/heads/b${terms.length}` })), false);

  assert.equal(run(Array(4096).fill("1").join("+")), 4096);
  assert.equal(run(Array(1300).fill("true").join("&&")), true);
  assert.equal(run(`${"!".repeat(8000)}true`), true);
  assert.equal(run(`${"-".repeat(8000)}1`), 1);
  const path = { a: { a: { a: "leaf" } } };
  assert.equal(run(`x${".a".repeat(3)}`, { x: path }), "leaf");
  const self: Record<string, CelValue> = { b: "leaf" };
  self.a = self;
  assert.equal(run(`x${".a".repeat(4000)}.b == 'leaf'`, { x: self }), true);
});

Deno.test("compileCel() rejects 100000-character hostile inputs quickly", () => {
  for (const piece of ["(", "'", "a.", "!", "[", "\\", "1 || ", '"\\u']) {
    syntaxFails(piece.repeat(100000 / piece.length), 8192, /longer than 8192 characters/);
  }
  const limit: [string, number][] = [
    ["(".repeat(8192), 64],
    ["[".repeat(8192), 64],
    [`'${"\\\\".repeat(4095)}x`, 0],
    ["!".repeat(8192), 8192],
    ["a.".repeat(4096), 8192],
    ["a || ".repeat(1637) + "a ||", 8189],
  ];
  for (const [expression, index] of limit) {
    assert.ok(expression.length <= 8192);
    syntaxFails(expression, index, /./);
  }
});

Deno.test("compileCel() throws only CelSyntaxError, and programs only CelEvaluationError", () => {
  const alphabet = [..."ab1 ()[].,?:!-+*/%<>=&|'\"\\#_"].concat(
    ["in", "has(", "size(", ".exists(x,", "true", "null", "assertion.", "'x'", "\\u0041"],
    ["{", "}", "r'", 'b"', "'''", "1.5", "2u", "\\x4", "\\U0001F600", "\\101", "dyn("],
    [".extract('{n}/')", ".extract(", ".matches('(?i)a')", ".matches('(?=a)')", "\\1"],
  );
  const input = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((parts) =>
    parts.join("")
  );
  fc.assert(
    fc.property(input, (expression) => {
      let program;
      try {
        program = compileCel(expression);
      } catch (error) {
        assert.ok(error instanceof CelSyntaxError, String(error));
        assert.ok(error.index >= 0 && error.index <= expression.length);
        return;
      }
      try {
        program({ a: { b: 1 }, b: [true], assertion: CLAIMS });
      } catch (error) {
        assert.ok(error instanceof CelEvaluationError, String(error));
        assert.doesNotMatch(error.message, /^internal error/);
      }
    }),
    { seed: SEED, numRuns: 3000 },
  );
});
