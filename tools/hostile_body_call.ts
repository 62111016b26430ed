// exchangeToken() calls against the servers given on the command line, one after another, in
// whatever runtime runs this file (Deno, Node 24 type stripping, or Node 20 on a `deno bundle` of
// it). Prints one JSON line per call: the error code (or "ok"), the message's head, the call's
// milliseconds and the process's peak RSS so far. It never calls process.exit: the process must end
// by itself once the calls are over.
//
// Usage: <runtime> hostile_body_call.ts <sts base URL>[,timeoutMs[,attempts]]...
// (timeoutMs and attempts absent: the library's defaults, as docs/reliability.md measures them).
import process from "node:process";
import { exchangeToken } from "../auth/flows/mod.ts";

for (const call of process.argv.slice(2).filter((a) => !a.startsWith("-"))) {
  const [baseUrl = "", timeoutMs, attempts] = call.split(",");
  const started = performance.now();
  const outcome = await exchangeToken({
    audience:
      "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
    subjectToken: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln",
    baseUrl,
    ...(timeoutMs === undefined ? {} : { timeoutMs: Number(timeoutMs) }),
    ...(attempts === undefined ? {} : { retry: { attempts: Number(attempts) } }),
  }).then(
    () => ({ code: "ok", message: "" }),
    (error: { code?: string; message?: string }) => ({
      code: error.code ?? String(error),
      message: String(error.message).slice(0, 300),
    }),
  );
  const ms = Math.round(performance.now() - started);
  // maxRSS is in KiB on Linux.
  const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ ...outcome, ms, peakRssMiB }));
}
