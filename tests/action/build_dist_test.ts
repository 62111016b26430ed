// build_dist.ts: only @actions/http-client and @actions/exec may stay unbundled, each import of
// them becomes a throwing stub, and a bundle that uses a stubbed binding fails the build; Node
// built-ins come from process.getBuiltinModule, @actions/core's randomUUID is the step's own; and
// what the built bundles load and how they end under Node 24.
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  _checkCodeOnly,
  _codeOnly,
  builtinsFromProcess,
  KEY_MODE_CUTS,
  randomUUIDFromEntry,
  stubUnbundled,
} from "../../build_dist.ts";
import { startEmulator } from "../../emulator/mod.ts";
import { node24, required, RUNTIMES_REQUIRED } from "../support/runtimes.ts";

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

Deno.test("stubUnbundled() stubs the cut modules, used or not, and no other relative module", async () => {
  const left = 'import{_federated as f,_mint as m}from"./_remote_flows.ts";' +
    'import{createNodeFetch as c}from"./node_fetch.ts";export const r=()=>[f(),m(),c()];';
  const code = stubUnbundled(left, "main.mjs", KEY_MODE_CUTS);
  assert.doesNotMatch(code, /from"\.\//);
  const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  assert.throws(
    () => module.r(),
    /\.\/_remote_flows\.ts is not bundled with this step \(_federated\)/,
  );
  assert.throws(
    () => stubUnbundled(left, "main_full.mjs"),
    /imports "\.\/_remote_flows\.ts" unbundled/,
  );
  assert.throws(
    () =>
      stubUnbundled(
        'import{exchangeToken as x}from"./_remote_flows.ts";',
        "main.mjs",
        KEY_MODE_CUTS,
      ),
    /imports "exchangeToken" from "\.\/_remote_flows\.ts", which it leaves out for _federated, _mint only/,
  );
});

Deno.test("stubUnbundled() finds uses of a stubbed binding in code only, not in literals", () => {
  // "no" is a minified name here and a word of the messages.
  const left = 'import{BearerCredentialHandler as no}from"@actions/http-client/lib/auth";';
  const literals = 'const a="forks get no token",b=`${1} no`,c=/no/,d=1/2/no;';
  assert.doesNotThrow(() => stubUnbundled(left + literals.replace("/no;", "/3;"), "main.mjs"));
  assert.throws(() => stubUnbundled(left + literals, "main.mjs"), /uses "no"/);
  assert.throws(() => stubUnbundled(`${left}const e=\`\${no}\`;`, "main.mjs"), /uses "no"/);
});

Deno.test("_codeOnly() blanks string, template, regular expression and comment text only", () => {
  const cases: [string, string][] = [
    ["a(\"Z\",'Z')", "a(\" \",' ')"],
    ["x=`a${Z}b${`c${Z}`}d`", "x=` ${Z} ${` ${Z}`} `"],
    ['s.replace(/\\.\\d{3}Z$/,"Z")', 's.replace(/         /," ")'],
    ["return/[/]Z/.test(Z)", "return/    /.test(Z)"],
    ["a=b/Z/c", "a=b/Z/c"],
    ["f(x)/Z", "f(x)/Z"],
    ["a/*Z*/+Z//Z\nZ", "a     +Z   \nZ"],
    ['"a\\"Z"+Z', '"    "+Z'],
    // Divisions after a postfix operator, a string and a name that is a contextual keyword.
    ["x=a++/2;Z()/3", "x=a++/2;Z()/3"],
    ['x="s"/2;Z()/3', 'x=" "/2;Z()/3'],
    ["x=of/2;Z()/3", "x=of/2;Z()/3"],
  ];
  for (const [code, expected] of cases) {
    assert.equal(_codeOnly(code), expected, code);
    assert.equal(_codeOnly(code).length, code.length);
  }
});

Deno.test("_checkCodeOnly() passes the built bundles and fails a bundle whose literals it misreads", () => {
  for (const name of ["main.mjs", "main_key.mjs", "main_full.mjs", "post.mjs"]) {
    _checkCodeOnly(Deno.readTextFileSync(dist(name)), name);
  }
  // After a block, this "/" starts a regular expression; _codeOnly() takes it for a division.
  assert.throws(
    () => _checkCodeOnly('if(a){b()}/["{]/.test(c)&&Z();', "main.mjs"),
    /main\.mjs: build_dist\.ts read a literal of the bundle wrong/,
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

/**
 * Imports `code` as a module and runs `check` on it with the ids `process.getBuiltinModule` was
 * called with so far (the list grows as the module is used).
 */
async function withBuiltinsLoaded(
  code: string,
  check: (module: Record<string, () => unknown>, loaded: string[]) => void | Promise<void>,
): Promise<void> {
  const getBuiltinModule = process.getBuiltinModule;
  const loaded: string[] = [];
  process.getBuiltinModule = ((id: string) => {
    loaded.push(id);
    return getBuiltinModule(id);
  }) as typeof getBuiltinModule;
  try {
    await check(await import(`data:text/javascript,${encodeURIComponent(code)}`), loaded);
  } finally {
    process.getBuiltinModule = getBuiltinModule;
  }
}

Deno.test("builtinsFromProcess() loads node:crypto at the first use of a member, not before", async () => {
  const code = builtinsFromProcess(
    'import*as c from"node:crypto";import d from"node:crypto";import*as p from"node:path";' +
      "export const uuid=()=>c.randomUUID();export const bytes=()=>d.randomBytes(4);" +
      "export const sep=p.sep;",
  );
  await withBuiltinsLoaded(code, (module, loaded) => {
    assert.deepEqual(loaded, ["node:path"], "node:crypto is not loaded when the module loads");
    assert.match(String(module.uuid!()), /^[0-9a-f-]{36}$/);
    assert.equal((module.bytes!() as Uint8Array).length, 4);
    assert.deepEqual(loaded, ["node:path", "node:crypto", "node:crypto"]);
  });
});

Deno.test("builtinsFromProcess() takes node:os's EOL, platform() and arch() from process, never loading it", async () => {
  const code = builtinsFromProcess(
    'import*as o from"node:os";import{EOL as e}from"node:os";import*as p from"node:os";' +
      "export const r=[o.EOL,e,o.platform(),p.arch()];",
  );
  assert.doesNotMatch(code, /node:os/);
  const { arch, EOL, platform } = await import("node:os");
  await withBuiltinsLoaded(code, (module, loaded) => {
    assert.deepEqual(module.r, [EOL, EOL, platform(), arch()]);
    assert.deepEqual(loaded, []);
  });
});

Deno.test("builtinsFromProcess() fails on a node:os member it does not take from process", () => {
  assert.throws(
    () => builtinsFromProcess('import*as o from"node:os";export const h=o.homedir();'),
    /node:os's "homedir", which build_dist\.ts does not take from process/,
  );
  assert.throws(() => builtinsFromProcess('import{cpus as c}from"node:os";c()'), /"cpus"/);
  assert.throws(
    () => builtinsFromProcess('import*as o from"node:os";export const m=o;'),
    /node:os's namespace "o" as a value/,
  );
});

Deno.test("randomUUIDFromEntry() binds node:crypto namespaces to the entry's randomUUID", async () => {
  const code = randomUUIDFromEntry(
    'import*as $t from"node:crypto";import*as o from"node:os";function ls(){return"u-1"}' +
      "export const id=()=>$t.randomUUID();export const eol=o.EOL;export{ls as __randomUUID};",
    "main.mjs",
  );
  assert.doesNotMatch(code, /node:crypto|__randomUUID/);
  assert.match(code, /import\*as o from"node:os"/);
  const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  assert.equal(module.id(), "u-1");
});

Deno.test("randomUUIDFromEntry() fails when a bound namespace is used for more than randomUUID()", () => {
  assert.throws(
    () =>
      randomUUIDFromEntry(
        'import*as c from"node:crypto";function u(){}c.randomBytes(8);export{u as __randomUUID};',
        "main.mjs",
      ),
    /main\.mjs uses node:crypto's namespace "c" for more than randomUUID\(\)/,
  );
});

Deno.test("randomUUIDFromEntry() leaves a bundle without the export as it is", () => {
  const code = 'import*as c from"node:crypto";c.randomBytes(8);';
  assert.equal(randomUUIDFromEntry(code, "post.mjs"), code);
});

/** The path of a built bundle. */
const dist = (name: string) => new URL(`../../dist/${name}`, import.meta.url).pathname;

/** A service account key JSON with a fresh RSA 2048 key. */
function keyJson(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return JSON.stringify({
    type: "service_account",
    project_id: "my-proj",
    private_key_id: "kid",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
    client_email: "ci@my-proj.iam.gserviceaccount.com",
  });
}

/** What a run of a bundle under Node 24 did, seen from a preloaded hook. */
interface BundleRun {
  /** The built-in modules loaded by the end (`process.moduleLoadList`). */
  modules: string[];
  /** Whether the event loop ran dry (`beforeExit`) rather than the bundle ending the process. */
  ranDry: boolean;
  /** The exit code. */
  code: number;
}

/** Runs `node <bundle>` in a fresh runner layout with `inputs`. */
async function runBundle(
  node: string,
  bundle: string,
  inputs: Record<string, string>,
): Promise<BundleRun> {
  const root = mkdtempSync(join(tmpdir(), "dist-modules-"));
  try {
    const report = join(root, "report.json");
    const env: Record<string, string> = { GITHUB_WORKSPACE: root, ...inputs };
    for (const name of ["OUTPUT", "ENV", "STATE"]) {
      env[`GITHUB_${name}`] = join(root, name);
      writeFileSync(env[`GITHUB_${name}`]!, "");
    }
    const hook = `let ranDry=false;process.on("beforeExit",()=>{ranDry=true});` +
      `process.on("exit",()=>process.getBuiltinModule("node:fs").writeFileSync(${
        JSON.stringify(report)
      },JSON.stringify({modules:process.moduleLoadList,ranDry})))`;
    // Asynchronous: in WIF mode the step calls the emulator this process serves.
    const { code } = await new Deno.Command(node, {
      args: ["--import", `data:text/javascript,${encodeURIComponent(hook)}`, bundle],
      env,
      stdout: "null",
      stderr: "null",
    }).output();
    return { ...JSON.parse(Deno.readTextFileSync(report)), code };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

Deno.test({
  name:
    "dist/ under Node 24: key mode loads no Web Crypto, WIF and post no crypto, none fs.promises, key mode and post no node:os",
  ignore: (await node24()) === undefined && !RUNTIMES_REQUIRED,
  fn: async () => {
    const node = required(await node24(), "Node 24").path;
    const key = keyJson();
    const keyRun = await runBundle(node, dist("main.mjs"), { INPUT_CREDENTIALS_JSON: key });
    assert.equal(keyRun.code, 0);
    const main = keyRun.modules;
    assert.ok(main.includes("NativeModule internal/crypto/sig"), "key mode signs");
    for (
      const unwanted of [
        "internal/fs/promises",
        "internal/webstreams/readablestream",
        "http",
        "internal/crypto/webcrypto",
        "os",
      ]
    ) {
      assert.ok(!main.includes(`NativeModule ${unwanted}`), `key mode loads ${unwanted}`);
    }
    const { modules: post } = await runBundle(node, dist("post.mjs"), {});
    for (const unwanted of ["crypto", "internal/fs/promises", "os"]) {
      assert.ok(!post.includes(`NativeModule ${unwanted}`), `the post step loads ${unwanted}`);
    }
    const world = await startEmulator();
    try {
      const { modules: wif, code } = await runBundle(node, dist("main.mjs"), {
        ...world.env,
        INPUT_WORKLOAD_IDENTITY_PROVIDER: world.provider,
        INPUT_SERVICE_ACCOUNT: world.serviceAccount,
        INPUT_TOKEN_FORMAT: "access_token",
      });
      assert.equal(code, 0);
      assert.ok(wif.includes("NativeModule http"), "WIF calls over node:http");
      for (const unwanted of ["crypto", "internal/crypto/webcrypto", "internal/fs/promises"]) {
        assert.ok(!wif.includes(`NativeModule ${unwanted}`), `WIF mode loads ${unwanted}`);
      }
    } finally {
      await world.close();
    }
  },
});

Deno.test({
  name: "dist/main.mjs ends the process itself once the run is done, with the run's exit code",
  ignore: (await node24()) === undefined && !RUNTIMES_REQUIRED,
  fn: async () => {
    const node = required(await node24(), "Node 24").path;
    const done = await runBundle(node, dist("main.mjs"), { INPUT_CREDENTIALS_JSON: keyJson() });
    assert.deepEqual([done.code, done.ranDry], [0, false]);
    const failed = await runBundle(node, dist("main.mjs"), {});
    assert.deepEqual([failed.code, failed.ranDry], [1, false]);
    // The hook sees a bundle that lets the event loop run dry (the post step does).
    const post = await runBundle(node, dist("post.mjs"), {});
    assert.deepEqual([post.code, post.ranDry], [0, true]);
  },
});

Deno.test({
  name:
    "dist/main.mjs runs main_key.mjs for key mode without a token and main_full.mjs for the rest",
  ignore: (await node24()) === undefined && !RUNTIMES_REQUIRED,
  fn: async () => {
    const node = required(await node24(), "Node 24").path;
    const dir = mkdtempSync(join(tmpdir(), "dist-pick-"));
    try {
      copyFileSync(dist("main.mjs"), join(dir, "main.mjs"));
      // Stand-ins for the two bundles: each ends the process with an exit code of its own.
      writeFileSync(join(dir, "main_key.mjs"), "process.exit(11);");
      writeFileSync(join(dir, "main_full.mjs"), "process.exit(12);");
      const run = (inputs: Record<string, string>) =>
        runBundle(node, join(dir, "main.mjs"), inputs);
      assert.equal((await run({ INPUT_CREDENTIALS_JSON: " {} " })).code, 11);
      const otherRuns: Record<string, string>[] = [
        {},
        { INPUT_CREDENTIALS_JSON: "{}", INPUT_TOKEN_FORMAT: "access_token" },
        { INPUT_CREDENTIALS_JSON: "{}", INPUT_WORKLOAD_IDENTITY_PROVIDER: "projects/1/x" },
        { INPUT_WORKLOAD_IDENTITY_PROVIDER: "projects/1/x" },
      ];
      for (const inputs of otherRuns) {
        assert.equal((await run(inputs)).code, 12, JSON.stringify(inputs));
      }
      // The key mode bundle runs a key mode run on its own.
      copyFileSync(dist("main_key.mjs"), join(dir, "main_key.mjs"));
      assert.equal((await run({ INPUT_CREDENTIALS_JSON: keyJson() })).code, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
