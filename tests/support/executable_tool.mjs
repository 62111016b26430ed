// A program for executable credential sources, run by Deno, Node or Bun: it prints a version 1
// response with the subject token it is given in TOOL_TOKEN, after writing what it saw (its
// arguments and the GOOGLE_EXTERNAL_ACCOUNT_* variables) to TOOL_REPORT when set. As Google's
// format asks, it also writes the response to GOOGLE_EXTERNAL_ACCOUNT_OUTPUT_FILE when that is set.
//
// Usage: <runtime> executable_tool.mjs <mode> [more arguments]; modes:
//   ok      the response (expiring in an hour)
//   noisy   the same, after a line on standard error
//   fail    prints a token-like text and exits 3
//   flood   prints 2 MiB
//   flood2  prints 2 MiB of two-byte characters (1 MiB of UTF-16 units)
import { writeFileSync } from "node:fs";
import process from "node:process";

const [mode = "ok", ...rest] = process.argv.slice(2);
const env = process.env;
const report = env.TOOL_REPORT;
const seen = Object.fromEntries(
  Object.entries(env).filter(([name]) => name.startsWith("GOOGLE_EXTERNAL_ACCOUNT_")),
);
if (mode === "fail") {
  process.stdout.write('{"id_token":"eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJsZWFrIn0.c2ln"} failed\n');
  process.exit(3);
} else if (mode === "flood") {
  process.stdout.write("x".repeat(2 * 1024 * 1024));
} else if (mode === "flood2") {
  process.stdout.write("é".repeat(1024 * 1024));
} else {
  if (report) writeFileSync(report, JSON.stringify({ args: rest, env: seen }));
  const response = JSON.stringify({
    version: 1,
    success: true,
    token_type: env.GOOGLE_EXTERNAL_ACCOUNT_TOKEN_TYPE,
    id_token: env.TOOL_TOKEN,
    expiration_time: Math.floor(Date.now() / 1000) + 3600,
  });
  if (env.GOOGLE_EXTERNAL_ACCOUNT_OUTPUT_FILE) {
    writeFileSync(env.GOOGLE_EXTERNAL_ACCOUNT_OUTPUT_FILE, response);
  }
  if (mode === "noisy") process.stderr.write("noise on standard error\n");
  process.stdout.write(`${response}\n`);
}
