// The import graph keeps the layout honest: no cycle between files, no import of another area's
// private (`_`) files, areas that depend one way (endpoint <- auth <- action), and inside auth/
// layers that call one way down: credentials and authenticate -> flows -> transport and keys ->
// the base modules (errors, hints, types) -> endpoint/'s public API.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SKIPPED = new Set([".git", "node_modules", "npm", "dist", "coverage", ".tmp"]);

function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [relative(ROOT, path)] : [];
  });
}

/** Every project file's imports (static, type-only and literal dynamic), as repository paths. */
async function importGraph(files: readonly string[]): Promise<Map<string, string[]>> {
  // One `deno info` over a module that imports every file: the graph as Deno resolves it, without
  // the imports written in JSDoc examples.
  const dir = mkdtempSync(join(tmpdir(), "layers-"));
  try {
    const root = join(dir, "all.ts");
    writeFileSync(
      root,
      files.map((file) => `import ${JSON.stringify(pathToFileURL(join(ROOT, file)).href)};`)
        .join("\n"),
    );
    const { stdout, success } = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", join(ROOT, "deno.json"), root],
      stdout: "piped",
      stderr: "null",
    }).output();
    assert.ok(success, "deno info failed");
    const info = JSON.parse(new TextDecoder().decode(stdout)) as {
      modules: {
        specifier: string;
        dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
      }[];
    };
    // npm packages resolve to files of node_modules/ (deno.json's nodeModulesDir is "manual"):
    // they are no files of the project.
    const inRepo = (specifier: string) =>
      specifier.startsWith("file://") && !specifier.startsWith(pathToFileURL(dir).href) &&
        !specifier.startsWith(pathToFileURL(join(ROOT, "node_modules")).href + "/")
        ? relative(ROOT, fileURLToPath(specifier))
        : undefined;
    const graph = new Map<string, string[]>();
    for (const module of info.modules) {
      const from = inRepo(module.specifier);
      if (from === undefined || from.startsWith("..")) continue;
      const to = (module.dependencies ?? []).flatMap((dependency) =>
        [dependency.code?.specifier, dependency.type?.specifier]
          .map((specifier) => specifier === undefined ? undefined : inRepo(specifier))
          .filter((path): path is string => path !== undefined && !path.startsWith(".."))
      );
      graph.set(from, [...new Set(to)]);
    }
    return graph;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The strongly connected components of more than one file (Tarjan's algorithm). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The area a file belongs to; tests of an area (`tests/auth/...`) also belong to that area. */
function areasOf(file: string): string[] {
  const [first, second] = file.split("/");
  return first === "tests" && second !== undefined ? ["tests", second] : [first!];
}

const isPrivate = (file: string) => file.split("/").some((part) => part.startsWith("_"));

/** Which areas each library area may import: the areas depend one way. */
const AREA_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  endpoint: ["endpoint"],
  auth: ["auth", "endpoint"],
  // Typed requests build on the builder's public API only; credentials come in as a `fetch` value.
  request: ["request", "endpoint"],
  // The Node transport (node/_fetch.ts) serves the step and the npm build's Node entry points.
  node: ["node", "auth", "endpoint"],
  // The local run (action/local/local_run.ts) starts the emulator; the step's own modules do not.
  action: ["action", "node", "auth", "endpoint", "emulator"],
};

/**
 * auth/'s layers, lowest first; a file may import only from a lower layer or its own folder. The
 * base modules every layer uses (errors, hints, types, helpers) may import each other.
 */
const AUTH_LAYERS: readonly (readonly string[])[] = [
  [
    "auth/_util/",
    "auth/error_codes.ts",
    "auth/_hints.ts",
    "auth/errors.ts",
    "auth/types.ts",
    "auth/_util/quote.ts",
    "auth/universe.ts",
  ],
  ["auth/_transport/", "auth/keys/"],
  ["auth/flows/", "auth/verify/"],
  ["auth/credentials/", "auth/authenticate/"],
  ["auth/signing/", "auth/google_auth_library/", "auth/token_store/"],
  ["auth/mod.ts", "auth/_step.ts"],
];

/** The emulator's rooms, lowest first: each imports only rooms below it (or its own folder). */
const EMULATOR_ROOMS: readonly string[] = [
  "emulator/types.ts",
  "emulator/_cel/",
  "emulator/_core/",
  "emulator/_services/",
  "emulator/_server/",
  "emulator/",
];

/** The published entries, as deno.json's exports name them. */
const PUBLISHED: readonly string[] = Object.values(
  (JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")) as { exports: Record<string, string> })
    .exports,
).map((path) => path.replace(/^\.\//, ""));

/** The step's own entries into other areas: not published, the one way in besides the entries. */
const STEP_ENTRIES: readonly string[] = ["auth/_step.ts", "node/_step.ts"];

/** Programs: run, never imported by a module of their area. */
const PROGRAMS: readonly string[] = ["emulator/main.ts"];

/** Areas that publish modules, where `_` marks what no published entry exports. */
const PUBLISHING_AREAS: readonly string[] = ["auth", "endpoint", "request", "emulator", "node"];

function layerOf(file: string): { rank: number; part: string } | undefined {
  for (const [rank, parts] of AUTH_LAYERS.entries()) {
    const part = parts.find((prefix) => file === prefix || file.startsWith(prefix));
    if (part !== undefined) return { rank, part };
  }
  return undefined;
}

/** The rule an import breaks, if any. */
function violation(from: string, to: string): string | undefined {
  // The package's manifest, which holds its version, is every area's to read.
  if (to === "deno.json") return undefined;
  const [fromArea] = areasOf(from);
  const [toArea] = areasOf(to);
  // Tests are white-box, and the build scripts at the root build the package from its files.
  const whiteBox = fromArea === "tests" || !from.includes("/");
  if (isPrivate(to) && !whiteBox && toArea !== fromArea && !STEP_ENTRIES.includes(to)) {
    return "imports another area's _ file";
  }
  const allowed = AREA_DEPENDENCIES[fromArea!];
  if (allowed !== undefined && !allowed.includes(toArea!)) return `${fromArea}/ imports ${toArea}/`;
  if (
    (fromArea === "auth" || fromArea === "request") && toArea === "endpoint" &&
    to !== "endpoint/mod.ts"
  ) {
    return `${fromArea}/ uses endpoint/ through its public API, endpoint/mod.ts`;
  }
  if (
    (fromArea === "action" || fromArea === "node") && toArea !== fromArea &&
    !PUBLISHED.includes(to) && !STEP_ENTRIES.includes(to)
  ) {
    return `${fromArea}/ imports other areas only through their entries`;
  }
  if (STEP_ENTRIES.includes(to) && fromArea !== "action" && fromArea !== "tests") {
    return "only the step imports the step's entries";
  }
  if (/^(bench|tools)\//.test(from) || !from.includes("/")) {
    if (toArea === "tests") return "a build, bench or tool script imports a test file";
  }
  if (fromArea === "emulator" && toArea === "emulator") {
    const room = (file: string) => EMULATOR_ROOMS.findIndex((prefix) => file.startsWith(prefix));
    if (room(to) > room(from)) return "imports an emulator room above its own";
  }
  if (fromArea !== "auth" || toArea !== "auth") return undefined;
  const source = layerOf(from);
  const target = layerOf(to);
  if (source === undefined) return "is in no layer of auth/ (add its folder to AUTH_LAYERS)";
  if (target === undefined) return "imports a file in no layer of auth/";
  if (source.rank === 0 && target.rank === 0) return undefined;
  if (source.part === target.part && source.part.endsWith("/")) return undefined;
  return target.rank < source.rank ? undefined : "imports a layer that is not below its own";
}

const allSources = sources();
const graph = await importGraph(allSources);

Deno.test("no import cycle between files", () => {
  assert.deepEqual(cycles(graph), []);
});

Deno.test("areas and auth/'s layers import one way, and no area imports another's _ files", () => {
  const broken = [...graph].flatMap(([from, to]) =>
    to.flatMap((target) => {
      const rule = violation(from, target);
      return rule === undefined ? [] : [`${from} -> ${target}: ${rule}`];
    })
  );
  assert.deepEqual(broken, []);
});

Deno.test("the checks catch what they are for", () => {
  assert.deepEqual(cycles(new Map([["a.ts", ["b.ts"]], ["b.ts", ["a.ts"]], ["c.ts", []]])), [[
    "a.ts",
    "b.ts",
  ]]);
  assert.match(violation("action/main.ts", "auth/_util/own.ts")!, /another area's _ file/);
  assert.match(violation("emulator/emulator.ts", "auth/_util/own.ts")!, /another area's _ file/);
  assert.equal(violation("tests/auth/_util/redact_test.ts", "auth/_util/redact.ts"), undefined);
  assert.match(violation("endpoint/endpoint.ts", "auth/mod.ts")!, /endpoint\/ imports auth\//);
  assert.match(violation("auth/_transport/http.ts", "endpoint/types.ts")!, /public API/);
  assert.match(violation("request/_send.ts", "endpoint/types.ts")!, /public API/);
  assert.match(violation("request/_send.ts", "auth/mod.ts")!, /request\/ imports auth\//);
  assert.match(violation("auth/mod.ts", "request/mod.ts")!, /auth\/ imports request\//);
  assert.match(violation("auth/flows/sts.ts", "auth/credentials/types.ts")!, /not below/);
  assert.match(violation("auth/keys/jwt.ts", "auth/_transport/http.ts")!, /not below/);
  assert.equal(violation("auth/credentials/load_credentials.ts", "auth/flows/sts.ts"), undefined);
  assert.equal(violation("auth/errors.ts", "auth/_hints.ts"), undefined);
  assert.match(violation("action/inputs.ts", "auth/authenticate/options.ts")!, /entries/);
  assert.equal(violation("action/inputs.ts", "auth/_step.ts"), undefined);
  assert.match(violation("node/_fetch.ts", "auth/types.ts")!, /entries/);
  assert.match(violation("emulator/emulator.ts", "auth/_step.ts")!, /only the step/);
  assert.match(violation("build_npm.ts", "tests/support/secrets.ts")!, /test file/);
  assert.match(violation("bench/endpoint_bench.ts", "tests/support/secrets.ts")!, /test file/);
  assert.match(violation("emulator/_core/state.ts", "emulator/_services/sts.ts")!, /room above/);
  assert.equal(violation("emulator/_server/router.ts", "emulator/_services/sts.ts"), undefined);
  assert.equal(violation("endpoint/_package.ts", "deno.json"), undefined);
  assert.match(violation("endpoint/_package.ts", "tools.json")!, /endpoint\/ imports tools\.json/);
  // The graph itself holds what it must: type-only imports and the step's dynamic entry imports.
  assert.ok(graph.get("auth/errors.ts")?.includes("auth/error_codes.ts"));
  assert.ok(graph.get("auth/flows/sts.ts")?.includes("auth/_transport/http.ts"));
  assert.ok(graph.get("endpoint/_package.ts")?.includes("deno.json"));
});

/**
 * The executable runner, the library's one runtime-specific module besides the lookups below:
 * `node:child_process` through globalThis.process when a program runs (the default on Deno, Bun).
 */
const EXECUTABLE_RUNNER = "auth/credentials/run_executable.ts";

/** Source files of the library and the step, with comments left out (JSDoc examples use Deno). */
function codeOf(file: string): string {
  return readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

/** The library's only runtime-specific lookups, each an injectable default behind globalThis. */
const RUNTIME_LOOKUPS = new Set([
  "auth/credentials/_sources/runtime.ts",
  "auth/credentials/_sources/client_certificate_fetch.ts",
]);

Deno.test("the library uses Web APIs only: Deno and node: only behind the runtime defaults", () => {
  const library = sources().filter((file) => /^(auth|endpoint|request)\//.test(file));
  const found = library.filter((file) => !RUNTIME_LOOKUPS.has(file) && file !== EXECUTABLE_RUNNER)
    .filter((file) => /\bDeno\.|["']node:|\bprocess\./.test(codeOf(file)));
  assert.deepEqual(found, []);
  assert.ok(/"node:fs"/.test(codeOf([...RUNTIME_LOOKUPS][0]!)));
  assert.ok(/"node:child_process"/.test(codeOf(EXECUTABLE_RUNNER)));
});

Deno.test("no module exports a name that starts with _", () => {
  const exported = sources().filter((file) => !file.startsWith("tests/"))
    .filter((file) =>
      /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+_/m
        .test(codeOf(file)) || /^export\s*\{[^}]*\b_\w/m.test(codeOf(file))
    );
  assert.deepEqual(exported, []);
});

/** Each publishing area's files that declare a name some published entry exports. */
async function publicFiles(): Promise<Set<string>> {
  const { stdout, success } = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...PUBLISHED],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.ok(success, "deno doc failed");
  const doc = JSON.parse(new TextDecoder().decode(stdout)) as {
    nodes: Record<string, { symbols?: { declarations?: { location: { filename: string } }[] }[] }>;
  };
  const declared = Object.values(doc.nodes).flatMap((node) => node.symbols ?? [])
    .flatMap((symbol) => symbol.declarations ?? [])
    .map((declaration) => declaration.location.filename)
    .filter((filename) => filename.startsWith(pathToFileURL(ROOT).href))
    .map((filename) => relative(ROOT, fileURLToPath(filename)));
  return new Set(declared);
}

/** Where a file breaks the `_` rule, if it does. */
function privacyProblem(file: string, exported: ReadonlySet<string>): string | undefined {
  const [area] = areasOf(file);
  if (area === "tests") {
    // A test folder or file named with `_` mirrors a private source path; helpers live in support/.
    const parts = file.split("/").slice(1);
    const mirrorsSource = (index: number) => {
      const prefix = parts.slice(0, index + 1).join("/").replace(/_test\.ts$/, ".ts");
      return allSources.some((path) => path === prefix || path.startsWith(prefix + "/"));
    };
    const strays = parts.flatMap((part, index) =>
      part.startsWith("_") && !mirrorsSource(index) ? [part] : []
    );
    return strays.length === 0
      ? undefined
      : "a test path with _ that mirrors no private source (helpers go to tests/support/)";
  }
  if (!PUBLISHING_AREAS.includes(area!)) {
    return isPrivate(file) ? "an area that publishes nothing uses no _ names" : undefined;
  }
  if (PUBLISHED.includes(file) || PROGRAMS.includes(file)) {
    return isPrivate(file) ? "a published entry or program named with _" : undefined;
  }
  if (exported.has(file)) return isPrivate(file) ? "a published entry exports from it" : undefined;
  return isPrivate(file) ? undefined : "no published entry exports from it: name it with _";
}

Deno.test("_ marks exactly what no published entry exports", async () => {
  const exported = await publicFiles();
  const broken = allSources.flatMap((file) => {
    const problem = privacyProblem(file, exported);
    return problem === undefined ? [] : [`${file}: ${problem}`];
  });
  assert.deepEqual(broken, []);
  // The rule catches both ways of breaking it.
  assert.match(privacyProblem("auth/flows/sts.ts", new Set())!, /name it with _/);
  assert.match(privacyProblem("auth/_hints.ts", new Set(["auth/_hints.ts"]))!, /exports from it/);
  assert.match(privacyProblem("bench/_helper.ts", new Set())!, /publishes nothing/);
  assert.match(privacyProblem("tests/auth/_helper.ts", new Set())!, /tests\/support/);
  assert.equal(privacyProblem("tests/auth/_transport/http_test.ts", new Set()), undefined);
});
