// The worst case of one call against a hostile server, as docs/reliability.md lists it: one
// exchangeToken() with the library's defaults (5 s per attempt, 4 attempts, 10 s budget) against
// a loopback server that drips a byte a second, one that never ends and one that sends 8 MiB, in
// Deno, Node 20 (a bundle) and Node 24, each in a process of its own. Prints a markdown table of
// the outcome, the call's time, the process's time (it must end by itself) and its peak RSS.
//
// Usage: deno run -A bench/hostile_server_figures.ts
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { node20, node24, required } from "../tools/runtimes.ts";
import { HOSTILE_KINDS, hostileCallCommands, startHostileServer } from "../tools/hostile_server.ts";

const run = promisify(execFile);
const dir = await Deno.makeTempDir();
const runtimes = await hostileCallCommands(dir, {
  node20: required(await node20(), "Node 20"),
  node24: required(await node24(), "Node 24"),
});
const server = await startHostileServer();
console.log("| runtime | server | outcome | call s | process s | peak RSS MiB |");
console.log("|---|---|---|---|---|---|");
for (const [name, command] of runtimes) {
  for (const kind of HOSTILE_KINDS) {
    const started = performance.now();
    const { stdout } = await run(command[0]!, [...command.slice(1), `${server.url}/${kind}`], {
      timeout: 60_000,
    });
    const process = (performance.now() - started) / 1000;
    const { code, ms, peakRssMiB } = JSON.parse(stdout);
    console.log(
      `| ${name} | ${kind} | ${code} | ${(ms / 1000).toFixed(1)} | ${
        process.toFixed(1)
      } | ${peakRssMiB} |`,
    );
  }
}
await server.close();
await Deno.remove(dir, { recursive: true });
