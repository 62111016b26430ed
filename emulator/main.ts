#!/usr/bin/env node
/**
 * The emulator as a program (the npm package's `gcp-oidc-emulator` command): starts it, prints the
 * environment to export and serves until SIGINT or SIGTERM. `--help` lists the options. With
 * Deno, `deno run -A jsr:@gcp-oidc/auth/emulator/main` does the same. It is the emulator's only
 * entry that starts anything: `emulator/mod.ts` only exports.
 *
 * @module
 */
import { runCli } from "./_cli.ts";

await runCli();
