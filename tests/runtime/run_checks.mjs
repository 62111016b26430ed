// Runs the cross-runtime behaviour checks of endpoint/ and auth/ (with the emulator) in whatever
// runtime executes this file: Deno or Bun on the TypeScript sources, Node on the npm build.
//
// Usage: <runtime> tests/runtime/run_checks.mjs <package root> <js|ts>
// where <package root> holds endpoint/mod.<ext>, auth/mod.<ext> and emulator/mod.<ext>.
// Prints one line per area and exits non-zero on the first failed check.
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";
import checkEndpoint from "./endpoint_checks.mjs";
import checkAuth from "./auth_checks.mjs";

const [root = ".", ext = "js"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const load = (area) => import(pathToFileURL(join(resolve(root), area, `mod.${ext}`)).href);

const runtime = globalThis.Deno
  ? `deno ${globalThis.Deno.version.deno}`
  : globalThis.Bun
  ? `bun ${globalThis.Bun.version}`
  : `node ${process.versions.node}`;

const endpointChecks = await checkEndpoint(await load("endpoint"));
console.log(`endpoint: ${endpointChecks} checks passed on ${runtime}`);
const authChecks = await checkAuth(await load("auth"), await load("emulator"));
console.log(`auth: ${authChecks} checks passed on ${runtime}`);
