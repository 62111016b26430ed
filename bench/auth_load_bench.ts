// authenticate() under load and without the network.
//
// Load (run once when the bench starts, about a minute of both cores): 3 rounds of 1,000
// concurrent WIF + service account flows against the emulator, in a subprocess with the GC
// exposed (tools/load_rounds.ts). Each round must show no cross-talk and the heap after GC
// must stay flat across rounds; the per-round figures are printed for docs/reliability.md.
//
// Benches: the fake fetch answers at once, so these figures are the library's own overhead per
// flow (validation, request building, retries layer, signing).
import assert from "node:assert/strict";
import { exportPKCS8, generateKeyPair } from "jose";
import type { Round } from "../tools/load_rounds.ts";
import { authenticate } from "../auth/mod.ts";
import { parseServiceAccountKey } from "../auth/keys/mod.ts";
import { parseWorkloadIdentityProvider } from "../auth/flows/mod.ts";

const PROVIDER = "projects/123456/locations/global/workloadIdentityPools/github/providers/repo";
const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const KEY = JSON.stringify({
  type: "service_account",
  project_id: "bench",
  private_key_id: "kid",
  private_key: await exportPKCS8(privateKey),
  client_email: "bench@bench.iam.gserviceaccount.com",
});

const fetch = (input: Request | URL | string): Promise<Response> => {
  const path = new URL(String(input)).pathname;
  if (path === "/token") return Promise.resolve(Response.json({ value: "eyJ.e30.sig" }));
  if (path === "/v1/token") {
    return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3599 }));
  }
  return Promise.resolve(
    Response.json({ accessToken: "ya29.x", expireTime: "2030-01-01T00:00:00Z" }),
  );
};

Deno.bench("parseWorkloadIdentityProvider()", { group: "parse" }, () => {
  parseWorkloadIdentityProvider(PROVIDER);
});

Deno.bench("parseServiceAccountKey() base64", { group: "parse" }, () => {
  parseServiceAccountKey(btoa(KEY));
});

Deno.bench("authenticate() WIF + service account access token", { group: "flow" }, async () => {
  await authenticate({
    workloadIdentityProvider: PROVIDER,
    serviceAccount: "ci@p.iam.gserviceaccount.com",
    oidcRequest: { url: "https://runner.example/token", token: "t" },
    tokenFormat: "access_token",
    fetch,
  });
});

Deno.bench("authenticate() key mode, no token (local RS256)", { group: "flow" }, async () => {
  await authenticate({ credentialsJson: KEY });
});

const ROUNDS = 3;
const FLOWS = 1000;
const { stdout, success } = await new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "-A",
    "--v8-flags=--expose-gc",
    new URL("../tools/load_rounds.ts", import.meta.url).pathname,
    String(ROUNDS),
    String(FLOWS),
  ],
  stdout: "piped",
  stderr: "inherit",
}).output();
assert.ok(success, "the load rounds ran to the end");
const rounds = new TextDecoder().decode(stdout).trim().split("\n").map((line) =>
  JSON.parse(line) as Round
);
assert.equal(rounds.length, ROUNDS);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
for (const [i, round] of rounds.entries()) {
  console.log(
    `round ${i + 1}: ${FLOWS} concurrent WIF + service account flows (3 calls each) in ` +
      `${round.seconds.toFixed(2)} s (${(FLOWS / round.seconds).toFixed(0)} flows/s), ` +
      `peak rss ${mib(round.peakRss)}, heap after GC ${mib(round.heapAfterGc)}`,
  );
  assert.deepEqual(round.problems, [], `cross-talk in round ${i + 1}`);
}
// A leak of even 4 KiB per flow would add 8 MiB over the two later rounds.
const growth = rounds[ROUNDS - 1]!.heapAfterGc - rounds[0]!.heapAfterGc;
assert.ok(growth < 4 * 2 ** 20, `heap after GC grew by ${mib(growth)}`);
