// Credentials: the minified size of a consumer bundle of loadCredentials() next to one of
// google-auth-library's GoogleAuth, both made by `deno bundle --minify` in this run (goal: ours
// <= 40 KB), and the per-call cost of a cached getAccessToken() next to google-auth-library's.
//
// Run: deno bench -A bench/credentials_bench.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { OAuth2Client } from "google-auth-library";
import { credentialsFromJson } from "../auth/mod.ts";

const GOAL_BYTES = 40 * 1024;

const CONSUMERS = {
  "loadCredentials()": `import { loadCredentials } from ${JSON.stringify(resolve("auth/mod.ts"))};
const credentials = await loadCredentials();
console.log((await credentials.getAccessToken()).expiresAt);`,
  "google-auth-library GoogleAuth": `import { GoogleAuth } from "google-auth-library";
const auth = new GoogleAuth({ scopes: ["https://www.googleapis.com/auth/cloud-platform"] });
console.log(await auth.getAccessToken());`,
};

function bundledBytes(source: string, dir: string, name: string): number {
  const input = join(dir, `${name}.ts`);
  const output = join(dir, `${name}.js`);
  writeFileSync(input, source);
  execFileSync(Deno.execPath(), [
    "bundle",
    "--quiet",
    "--minify",
    `--config=${resolve("deno.json")}`,
    "-o",
    output,
    input,
  ], { env: { ...Deno.env.toObject(), NO_COLOR: "1" } });
  return statSync(output).size;
}

const dir = mkdtempSync(join(tmpdir(), "credentials-bundle-"));
try {
  const [ours, theirs] = Object.values(CONSUMERS).map((source, i) =>
    bundledBytes(source, dir, `consumer${i}`)
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `consumer bundle, minified: loadCredentials() ${kb(ours!)} (goal <= ${kb(GOAL_BYTES)}: ${
      ours! <= GOAL_BYTES ? "met" : "NOT met"
    }); google-auth-library ${kb(theirs!)}; ratio ${(theirs! / ours!).toFixed(1)}x smaller`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const credentials = credentialsFromJson({
  type: "authorized_user",
  client_id: "bench.apps.googleusercontent.com",
  client_secret: "bench-secret",
  refresh_token: "bench-refresh-token",
}, { fetch: () => Promise.resolve(Response.json({ access_token: "ya29.x", expires_in: 3600 })) });
await credentials.getAccessToken();

const client = new OAuth2Client();
client.setCredentials({ access_token: "ya29.x", expiry_date: Date.now() + 3_600_000 });
await client.getAccessToken();

Deno.bench(
  "credentials.getAccessToken(), cached",
  { group: "cached", baseline: true },
  async () => {
    await credentials.getAccessToken();
  },
);

Deno.bench(
  "google-auth-library OAuth2Client.getAccessToken(), cached",
  { group: "cached" },
  async () => {
    await client.getAccessToken();
  },
);
