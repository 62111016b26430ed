// build_dist.ts: only @actions/http-client and @actions/exec may stay unbundled, each import of
// them becomes a throwing stub, and a bundle that uses a stubbed binding fails the build.
import assert from "node:assert/strict";
import { builtinsFromProcess, stubUnbundled } from "../../build_dist.ts";

const LEFT_BY_ESBUILD =
  'import*as o from"node:os";import{HttpClient as gs,X as y}from"@actions/http-client";' +
  'import*as jr from"@actions/exec";function f(){return o.EOL}';

Deno.test("stubUnbundled() turns the imports of the two stubbed packages into throwing stubs", async () => {
  const code = stubUnbundled(LEFT_BY_ESBUILD, "main.mjs");
  assert.match(code, /import\*as o from"node:os"/);
  assert.doesNotMatch(code, /from"@actions/);
  const module = await import(
    `data:text/javascript,${encodeURIComponent(`${code}export{gs,jr};`)}`
  );
  assert.throws(() => new module.gs(), /@actions\/http-client is not bundled with this step/);
  assert.throws(
    () => module.jr.exec("uname"),
    /@actions\/exec is not bundled with this step \(exec\)/,
  );
});

Deno.test("stubUnbundled() fails when another package was left unbundled", () => {
  assert.throws(
    () => stubUnbundled('import{SignJWT as s}from"jose";s()', "main.mjs"),
    /main\.mjs imports "jose" unbundled/,
  );
});

Deno.test("stubUnbundled() fails when the code uses a stubbed binding", () => {
  assert.throws(
    () =>
      stubUnbundled(
        `${LEFT_BY_ESBUILD}async function t(){return new gs("ua").getJson()}`,
        "main.mjs",
      ),
    /main\.mjs uses "gs", bound to a stubbed package/,
  );
  assert.throws(
    () => stubUnbundled(`${LEFT_BY_ESBUILD};jr.exec("uname")`, "main.mjs"),
    /uses "jr"/,
  );
});

Deno.test("stubUnbundled() fails on an import form it does not rewrite", () => {
  assert.throws(
    () => stubUnbundled('import d,{HttpClient as h}from"@actions/http-client";', "main.mjs"),
    /still imports "@actions\/http-client"/,
  );
  assert.throws(
    () => stubUnbundled('const m=await import("@actions/exec");', "main.mjs"),
    /still imports "@actions\/exec"/,
  );
});

Deno.test("builtinsFromProcess() takes Node built-ins from process.getBuiltinModule", async () => {
  const code = builtinsFromProcess(
    'import*as o from"node:os";import f from"node:fs";import{sep as s}from"node:path";import"node:tls";' +
      'import{x as y}from"./other.mjs";export const r=[o.EOL,f.existsSync,s];',
  );
  assert.doesNotMatch(code, /from"node:|import"node:/);
  assert.match(code, /import\{x as y\}from"\.\/other\.mjs"/, "other imports stay");
  const module = await import(
    `data:text/javascript,${encodeURIComponent(code.replace(/import\{x as y\}[^;]*;/, ""))}`
  );
  const { EOL } = await import("node:os");
  const { existsSync } = await import("node:fs");
  const { sep } = await import("node:path");
  assert.deepEqual(module.r, [EOL, existsSync, sep]);
});

Deno.test("builtinsFromProcess() binds fs.promises lazily: loaded at the first call, not before", async () => {
  const code = builtinsFromProcess(
    'import{constants as c,promises as p}from"node:fs";const{access:a,readFile:r}=p;' +
      "export const read=(path)=>r(path,'utf8');export const R_OK=c.R_OK;",
  );
  const fs = process.getBuiltinModule("node:fs");
  const promises = Object.getOwnPropertyDescriptor(fs, "promises")!;
  let reads = 0;
  Object.defineProperty(fs, "promises", {
    ...promises,
    get: () => (reads++, promises.get!.call(fs)),
  });
  try {
    const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    assert.equal(reads, 0, "fs.promises is not read when the module loads");
    assert.equal(module.R_OK, fs.constants.R_OK);
    const self = new URL(import.meta.url).pathname;
    assert.equal(await module.read(self), fs.readFileSync(self, "utf8"));
    assert.equal(reads, 1);
  } finally {
    Object.defineProperty(fs, "promises", promises);
  }
});

Deno.test("builtinsFromProcess() loads node:crypto at the first use of a member, not before", async () => {
  const code = builtinsFromProcess(
    'import*as c from"node:crypto";import d from"node:crypto";import*as o from"node:os";' +
      "export const uuid=()=>c.randomUUID();export const bytes=()=>d.randomBytes(4);" +
      "export const eol=o.EOL;",
  );
  const getBuiltinModule = process.getBuiltinModule;
  const loaded: string[] = [];
  process.getBuiltinModule = ((id: string) => {
    loaded.push(id);
    return getBuiltinModule(id);
  }) as typeof getBuiltinModule;
  try {
    const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    assert.deepEqual(loaded, ["node:os"], "node:crypto is not loaded when the module loads");
    assert.match(module.uuid(), /^[0-9a-f-]{36}$/);
    assert.equal(module.bytes().length, 4);
    assert.deepEqual(loaded, ["node:os", "node:crypto", "node:crypto"]);
  } finally {
    process.getBuiltinModule = getBuiltinModule;
  }
});
