// The emulator for bench/step_startup_bench.ts, in a process of its own so that answering the
// step's calls takes no CPU time from the process that measures: starts it, prints one JSON line
// (the job environment, the provider, the service account and a key), and serves until its
// standard input closes (the bench ends or dies), then closes the emulator.
//
// Run: deno run -A bench/support/emulator_process.ts
import { startEmulator } from "../../emulator/mod.ts";
import { authenticate } from "../../auth/mod.ts";

const emulator = await startEmulator();
// The step's external_account file (URL source, impersonation), for bench/cold_start_bench.ts.
const step = await authenticate({
  workloadIdentityProvider: emulator.provider,
  serviceAccount: emulator.serviceAccount,
  oidcRequest: emulator.oidcRequest,
  endpoints: emulator.endpoints,
});
console.log(JSON.stringify({
  env: emulator.env,
  provider: emulator.provider,
  serviceAccount: emulator.serviceAccount,
  serviceAccountKey: await emulator.serviceAccountKey(),
  externalAccount: JSON.stringify(step.credentialsFile),
  metadataHost: emulator.metadataHost,
  endpoints: emulator.endpoints,
}));
for await (const _ of Deno.stdin.readable) {
  // Nothing is sent; the loop ends when the bench closes the pipe.
}
await emulator.close();
