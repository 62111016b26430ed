// Cold start and refresh on Node 24 against google-auth-library 11.3.4 (deno.json), in one run.
//
// Cold start: fresh Node 24 processes that import the library, get one access token from the
// emulator and exit, for a key file, the step's external_account file (URL source with
// impersonation) and the metadata server (GCE_METADATA_HOST), each through Application Default
// Credentials: ours is the npm build's Node file (npm/auth/mod.node.js: one module, the
// node:http(s) transport), theirs `new GoogleAuth().getAccessToken()`. Also timed: `node -e 0`,
// and a hand-written floor for the key (import the key, one RS256 signature, one loopback POST
// over node:http). Goals: ours <= 0.75x google-auth-library, key <= 1.15x the floor.
// Rounds are interleaved (each runs every case once) so that load from other processes hits
// every case alike; the summary prints medians and the ratios of the medians.
//
// Refresh: in one Node 24 process each, the time of a token refresh of a key (a new assertion
// signed and sent, every call checked to give a new token): google-auth-library's JWT client with
// an eager refresh threshold past the token's lifetime, ours a new Credentials of the same parsed
// key per call (our cache refreshes at most at half the lifetime; the imported CryptoKey is kept
// per key, not per Credentials); goal <= 0.7x.
//
// The emulator runs in a process of its own (bench/support/emulator_world.ts). Builds npm/ first.
//
// Run: deno run -A bench/cold_start_bench.ts [rounds, default 21]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { node24 } from "../tools/runtimes.ts";
import { startEmulatorProcess } from "./support/emulator_world.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const ROUNDS = Number(Deno.args[0] ?? 21);
const node = (await node24())?.path;
if (node === undefined) throw new Error("Node 24 could not be installed through npx");

const build = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "build_npm.ts", "--no-check"],
  cwd: ROOT,
  stdout: "null",
}).outputSync();
if (!build.success) throw new Error("build_npm.ts failed");

const world = await startEmulatorProcess();
// Scripts live in .tmp/ of the repository, so that google-auth-library and jose resolve from its
// node_modules; the credentials files beside them (removed at the end).
Deno.mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".tmp", "cold-start-"));
const ours = join(ROOT, "npm", "auth", "mod.node.js");
const files = {
  key: join(dir, "key.json"),
  external: join(dir, "external_account.json"),
};
writeFileSync(files.key, world.serviceAccountKey, { mode: 0o600 });
writeFileSync(files.external, world.externalAccount, { mode: 0o600 });

// google-auth-library 11.3.4 posts keys to https://oauth2.googleapis.com/token whatever the file's
// token_uri, and impersonates at iamcredentials.googleapis.com: both go to the emulator instead
// (a gaxios request interceptor, a few microseconds a request), so nothing leaves loopback.
const REDIRECT = `const OAUTH2 = ${JSON.stringify(`${world.endpoints.oauth2}/token`)};
const IAM = "https://iamcredentials.googleapis.com/v1";
const OUR_IAM = ${JSON.stringify(world.endpoints.iamcredentials)};
const redirect = (client) => client?.transporter?.interceptors?.request.add({
  resolved: (config) => {
    const url = String(config.url);
    if (url === "https://oauth2.googleapis.com/token") config.url = new URL(OAUTH2);
    if (url.startsWith(IAM)) config.url = new URL(OUR_IAM + url.slice(IAM.length));
    return Promise.resolve(config);
  },
});`;

const script = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const oursScript = script(
  "ours.mjs",
  `import { loadCredentials } from ${JSON.stringify(ours)};
const credentials = await loadCredentials();
if (!(await credentials.getAccessToken()).token) process.exit(1);
`,
);
const theirsScript = script(
  "theirs.mjs",
  `import { GoogleAuth } from "google-auth-library";
${REDIRECT}
const auth = new GoogleAuth({ scopes: "https://www.googleapis.com/auth/cloud-platform" });
const client = await auth.getClient();
redirect(client);
redirect(client.sourceClient);
if (!(await client.getAccessToken()).token) process.exit(1);
`,
);
const floorScript = script(
  "floor.mjs",
  `import { readFileSync } from "node:fs";
import process from "node:process";
// As node/_fetch.ts does: an ES import of node:http under Node 24 loads undici.
const { request } = process.getBuiltinModule("node:http");
const key = JSON.parse(readFileSync(process.env.GOOGLE_APPLICATION_CREDENTIALS, "utf8"));
const b64 = (text) => Buffer.from(text).toString("base64url");
const now = Math.floor(Date.now() / 1000);
const input = b64(JSON.stringify({ alg: "RS256", typ: "JWT" })) + "." + b64(JSON.stringify({
  iss: key.client_email, scope: "https://www.googleapis.com/auth/cloud-platform",
  aud: key.token_uri, iat: now, exp: now + 3600,
}));
const der = Buffer.from(key.private_key.replace(/-----[^-]+-----|\\s/g, ""), "base64");
const alg = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
const signing = await crypto.subtle.importKey("pkcs8", der, alg, false, ["sign"]);
const signature = Buffer.from(await crypto.subtle.sign(alg, signing, Buffer.from(input)));
const body = "grant_type=" + encodeURIComponent("urn:ietf:params:oauth:grant-type:jwt-bearer") +
  "&assertion=" + input + "." + signature.toString("base64url");
const url = new URL(key.token_uri);
const req = request(url, { method: "POST", headers: {
  "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body),
} }, (res) => {
  let text = "";
  res.on("data", (chunk) => text += chunk);
  res.on("end", () => { if (!JSON.parse(text).access_token) process.exit(1); });
});
req.end(body);
`,
);

/** Each case's environment: only what the credentials need (no inherited proxy or CA variables). */
// A project for both sides: it spares google-auth-library's `gcloud config` lookup.
const envs = {
  key: { GOOGLE_APPLICATION_CREDENTIALS: files.key, GOOGLE_CLOUD_PROJECT: "bench" },
  external: { GOOGLE_APPLICATION_CREDENTIALS: files.external, GOOGLE_CLOUD_PROJECT: "bench" },
  metadata: { GCE_METADATA_HOST: world.metadataHost, GOOGLE_CLOUD_PROJECT: "bench", HOME: dir },
};

interface Case {
  name: string;
  args: string[];
  env: Record<string, string>;
}
const cases: Case[] = [
  { name: "node -e 0", args: ["-e", "0"], env: {} },
  { name: "floor: key", args: [floorScript], env: envs.key },
];
for (const [kind, env] of Object.entries(envs)) {
  cases.push({ name: `ours: ${kind}`, args: [oursScript], env });
  cases.push({ name: `google-auth-library: ${kind}`, args: [theirsScript], env });
}

function timeOnce(c: Case): number {
  const start = performance.now();
  const out = new Deno.Command(node!, {
    args: c.args,
    env: { PATH: Deno.env.get("PATH") ?? "", ...c.env },
    clearEnv: true,
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).outputSync();
  const ms = performance.now() - start;
  if (!out.success) {
    throw new Error(`${c.name} failed: ${new TextDecoder().decode(out.stderr).slice(0, 2000)}`);
  }
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const REFRESHES = 200;
/** Times `refresh()` (which adds each token to `seen`) after 20 warm-up calls, checking each refreshed. */
const REFRESH_LOOP = `for (let i = 0; i < 20; i++) await refresh();
const start = performance.now();
for (let i = 0; i < ${REFRESHES}; i++) await refresh();
const ms = (performance.now() - start) / ${REFRESHES};
if (seen.size < ${REFRESHES}) throw new Error("not every call refreshed: " + seen.size);
console.log(ms);
`;
const oursRefresh = script(
  "ours_refresh.mjs",
  `import { readFileSync } from "node:fs";
import { credentialsFromJson } from ${JSON.stringify(ours)};
const key = JSON.parse(readFileSync(process.env.GOOGLE_APPLICATION_CREDENTIALS, "utf8"));
const seen = new Set();
const refresh = async () => seen.add((await credentialsFromJson(key).getAccessToken()).token);
${REFRESH_LOOP}`,
);
const theirsRefresh = script(
  "theirs_refresh.mjs",
  `import { readFileSync } from "node:fs";
import { JWT } from "google-auth-library";
${REDIRECT}
const key = JSON.parse(readFileSync(process.env.GOOGLE_APPLICATION_CREDENTIALS, "utf8"));
const client = new JWT({ email: key.client_email, key: key.private_key,
  scopes: ["https://www.googleapis.com/auth/cloud-platform"], eagerRefreshThresholdMillis: 1e9 });
redirect(client);
const seen = new Set();
const refresh = async () => seen.add((await client.getAccessToken()).token);
${REFRESH_LOOP}`,
);

try {
  for (const c of cases) timeOnce(c); // warm the file cache
  const times = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) times.get(c.name)!.push(timeOnce(c));
  }
  const med = (name: string) => median(times.get(name)!);
  console.log(`Node ${node}, ${ROUNDS} interleaved rounds, median wall time per process:`);
  for (const c of cases) {
    const values = times.get(c.name)!;
    console.log(
      `  ${c.name.padEnd(34)} ${med(c.name).toFixed(1).padStart(6)} ms  (range ${
        Math.min(...values).toFixed(1)
      }-${Math.max(...values).toFixed(1)})`,
    );
  }
  console.log("Cold start ratios (goal: ours <= 0.75x google-auth-library, key <= 1.15x floor):");
  for (const kind of Object.keys(envs)) {
    const ratio = med(`ours: ${kind}`) / med(`google-auth-library: ${kind}`);
    console.log(`  ${kind.padEnd(9)} ours / google-auth-library = ${ratio.toFixed(2)}x`);
  }
  console.log(`  key       ours / floor = ${(med("ours: key") / med("floor: key")).toFixed(2)}x`);
  console.log(
    `  key       floor / node -e 0 = ${(med("floor: key") / med("node -e 0")).toFixed(2)}x`,
  );

  const perRefresh = (path: string) => {
    const out = new Deno.Command(node!, {
      args: [path],
      env: { PATH: Deno.env.get("PATH") ?? "", ...envs.key },
      clearEnv: true,
      cwd: dir,
    }).outputSync();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr).slice(0, 2000));
    return Number(new TextDecoder().decode(out.stdout).trim());
  };
  const refreshes = { ours: [] as number[], theirs: [] as number[] };
  for (let round = 0; round < 5; round++) {
    refreshes.ours.push(perRefresh(oursRefresh));
    refreshes.theirs.push(perRefresh(theirsRefresh));
  }
  const [o, t] = [median(refreshes.ours), median(refreshes.theirs)];
  console.log(
    `Refresh of a key's token, in-process (${REFRESHES} each, 5 processes): ours ${
      o.toFixed(3)
    } ms, google-auth-library ${t.toFixed(3)} ms: ${(o / t).toFixed(2)}x (goal <= 0.7x)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
Deno.exit(0); // the emulator process ends with this one
