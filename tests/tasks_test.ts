// The demo installs only what it runs: `deno task` itself installs nothing (with deno.json's
// `"nodeModulesDir": "auto"` it installed every test-only package, 153 MB, before any task), the
// start and emulator tasks fetch jose alone into Deno's cache, and the tasks that need the test
// packages install them first.
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const denoJson = JSON.parse(readFileSync("deno.json", "utf8"));

type Task = string | { command: string; dependencies?: string[] };
const tasks: Record<string, Task> = denoJson.tasks;
const command = (task: Task) => typeof task === "string" ? task : task.command;

Deno.test("deno task runs a task of this deno.json without installing a package first", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tasks-"));
  try {
    // This deno.json and lockfile with one more task; a fresh Deno cache, and a registry on a
    // loopback port where nothing listens, so an install fails instead of reaching the network.
    writeFileSync(
      join(dir, "deno.json"),
      JSON.stringify({ ...denoJson, tasks: { ...tasks, probe: "echo probe" } }),
    );
    copyFileSync("deno.lock", join(dir, "deno.lock"));
    mkdirSync(join(dir, "cache"));
    const result = await new Deno.Command(Deno.execPath(), {
      args: ["task", "--quiet", "probe"],
      cwd: dir,
      env: { DENO_DIR: join(dir, "cache"), NPM_CONFIG_REGISTRY: "http://127.0.0.1:9/" },
      stdin: "null",
    }).output();
    const stderr = new TextDecoder().decode(result.stderr);
    assert.equal(result.code, 0, stderr);
    assert.equal(new TextDecoder().decode(result.stdout), "probe\n");
    assert.equal(existsSync(join(dir, "node_modules")), false, "node_modules/ was created");
    const npmCache = join(dir, "cache", "npm");
    assert.deepEqual(
      existsSync(npmCache) ? readdirSync(npmCache) : [],
      [],
      "packages were fetched",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("the demo and the emulator run without node_modules/ and the lockfile's test packages", () => {
  for (const name of ["start", "emulator"]) {
    const words = command(tasks[name]!).split(" ");
    // The lockfile pins every test package: with it, Deno fetches them all into its cache.
    assert.ok(words.includes("--node-modules-dir=none"), name);
    assert.ok(words.includes("--no-lock"), name);
    assert.equal(typeof tasks[name], "string", `${name} depends on no install`);
  }
});

Deno.test("every task that uses the test packages installs them first", () => {
  const install = Object.entries(tasks)
    .filter(([, task]) => command(task).trim() === "deno install --frozen --quiet")
    .map(([name]) => name);
  assert.equal(install.length, 1);
  for (const name of ["test", "check", "doc:lint", "publish:dry", "bench", "build:npm"]) {
    const task = tasks[name]!;
    assert.ok(
      typeof task === "object" && task.dependencies?.includes(install[0]!),
      `task ${name} does not depend on ${install[0]}`,
    );
  }
});
