// Credentials: the minified size of a consumer bundle of loadCredentials() next to one of
// google-auth-library's GoogleAuth, both made by `deno bundle --minify` in this run (goal: ours
// <= 40 KB), the bytes of ours per part (jose, endpoint/, auth/; read from its source map), and
// the per-call cost of a cached getAccessToken() next to google-auth-library's.
//
// Run: deno bench -A bench/credentials_bench.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The fields of one source map segment (base64 VLQ). */
function segmentFields(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return fields;
}

function partOf(source: string): string {
  if (source.includes("/jose/")) return "jose";
  if (/(^|\/)endpoint\//.test(source)) return "endpoint/";
  if (/(^|\/)auth\//.test(source)) return "auth/";
  return "other";
}

/** Bytes of `code` per part, by the source each mapped segment of `map` comes from. */
function bytesPerPart(code: string, map: { sources: string[]; mappings: string }) {
  const parts: Record<string, number> = { jose: 0, "endpoint/": 0, "auth/": 0, other: 0 };
  const lines = code.split("\n");
  let source = 0;
  map.mappings.split(";").forEach((mapped, row) => {
    const starts: { column: number; part: string }[] = [];
    let column = 0;
    for (const segment of mapped.split(",").filter((text) => text !== "")) {
      const fields = segmentFields(segment);
      column += fields[0]!;
      source += fields[1] ?? 0;
      starts.push({ column, part: fields.length > 1 ? partOf(map.sources[source]!) : "other" });
    }
    starts.forEach((start, i) => {
      const end = starts[i + 1]?.column ?? lines[row]!.length;
      parts[start.part]! += end - start.column;
    });
  });
  return parts;
}

/** The bundle's size in bytes and its bytes per part. */
function bundle(source: string, dir: string, name: string) {
  const input = join(dir, `${name}.ts`);
  const output = join(dir, `${name}.js`);
  writeFileSync(input, source);
  execFileSync(Deno.execPath(), [
    "bundle",
    "--quiet",
    "--minify",
    "--sourcemap=external",
    `--config=${resolve("deno.json")}`,
    "-o",
    output,
    input,
  ], { env: { ...Deno.env.toObject(), NO_COLOR: "1" } });
  const code = readFileSync(output, "utf8").replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "");
  const map = JSON.parse(readFileSync(`${output}.map`, "utf8"));
  return { bytes: new TextEncoder().encode(code).byteLength, parts: bytesPerPart(code, map) };
}

const dir = mkdtempSync(join(tmpdir(), "credentials-bundle-"));
try {
  const [ours, theirs] = Object.values(CONSUMERS).map((source, i) =>
    bundle(source, dir, `consumer${i}`)
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `consumer bundle, minified: loadCredentials() ${kb(ours!.bytes)} (goal <= ${kb(GOAL_BYTES)}: ${
      ours!.bytes <= GOAL_BYTES ? "met" : "NOT met"
    }); google-auth-library ${kb(theirs!.bytes)}; ratio ${
      (theirs!.bytes / ours!.bytes).toFixed(1)
    }x smaller`,
  );
  console.log(
    `  loadCredentials() parts: ${
      Object.entries(ours!.parts).map(([part, bytes]) => `${part} ${kb(bytes)}`).join(", ")
    }`,
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
