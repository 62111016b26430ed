import assert from "node:assert/strict";
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { nodeRs256 } from "../../../action/node/rs256.ts";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { privateKeyProblem } from "../../../auth/keys/_private_key.ts";
import { signWithPrivateKey } from "../../../auth/keys/jwt.ts";
import { node20, required } from "../../../tools/runtimes.ts";
import { authenticate, CredentialsError } from "../../../auth/mod.ts";
import { signJwtWithKey } from "../../../auth/keys/mod.ts";
import { testKey } from "../../support/keys.ts";
import { runtimeMissing, skippedWhen } from "../../support/skip.ts";

const claims = { iss: "a", sub: "b", aud: "https://x/", iat: 1, exp: 2 };

Deno.test("nodeRs256 signs exactly as Web Crypto does (RS256 is deterministic)", async () => {
  const { key } = await testKey();
  const expected = await signJwtWithKey(key, claims);
  assert.equal(await signJwtWithKey(key, claims, nodeRs256), expected);
  // Both read the PEM up to its END line, whatever follows it.
  const pems = [
    `${key.private_key}(a note after the key)\n`,
    `${key.private_key.trimEnd()}(a note right after the END line)`,
  ];
  for (const pem of pems) {
    const followed = { ...key, private_key: pem };
    assert.equal(await signJwtWithKey(followed, claims, nodeRs256), expected);
    assert.equal(await signJwtWithKey(followed, claims), expected);
  }
});

/** The PKCS #8 PEM of a fresh key of `type` (Node's key generation). */
function pemOf(
  type: "ec" | "ed25519" | "rsa",
  options: { namedCurve?: string; modulusLength?: number } = {},
): string {
  const { privateKey } = generateKeyPairSync(type as "rsa", options as { modulusLength: number });
  return privateKey.export({ type: "pkcs8", format: "pem" }) as string;
}

Deno.test("nodeRs256 rejects every key Web Crypto rejects, as ERR_KEY_PRIVATE_KEY_INVALID", async (t) => {
  const { key } = await testKey();
  const unusable: [string, () => string][] = [
    [
      "PKCS #1",
      () => String(createPrivateKey(key.private_key).export({ type: "pkcs1", format: "pem" })),
    ],
    ["RSA 1024", () => pemOf("rsa", { modulusLength: 1024 })],
    ["EC P-256", () => pemOf("ec", { namedCurve: "P-256" })],
    ["Ed25519", () => pemOf("ed25519")],
    ["no base64", () => "-----BEGIN PRIVATE KEY-----\n%%%\n-----END PRIVATE KEY-----"],
    ["cut short", () => `${key.private_key.slice(0, 300)}\n-----END PRIVATE KEY-----`],
    ["no END line", () => key.private_key.replace("-----END PRIVATE KEY-----", "")],
    ["one byte changed", () => key.private_key.replace(/(?<=\n)M/, "N")],
  ];
  for (const [name, pem] of unusable) {
    await t.step(name, async () => {
      const badKey = { ...key, private_key: pem() };
      for (const signer of [nodeRs256, undefined]) {
        const error = await signJwtWithKey(badKey, claims, signer).then(
          () => assert.fail(`expected an error (${signer === undefined ? "Web Crypto" : "node"})`),
          (error: unknown) => error,
        );
        assert.ok(error instanceof CredentialsError);
        assert.equal(error.code, "ERR_KEY_PRIVATE_KEY_INVALID");
      }
    });
  }
});

Deno.test("authenticate({ signRs256 }) signs key mode's auth token and a delegation with it", async () => {
  const { json, key } = await testKey();
  const signed: string[] = [];
  const signRs256 = (pem: string, data: Uint8Array): Promise<Uint8Array> => {
    assert.equal(pem, key.private_key);
    signed.push(JSON.parse(atob(new TextDecoder().decode(data).split(".")[1]!)).aud);
    return nodeRs256(pem, data);
  };
  const fetch = () => Promise.resolve(Response.json({ access_token: "ya29.x", expires_in: 60 }));
  const result = await authenticate({
    credentialsJson: json,
    tokenFormat: "access_token",
    accessTokenSubject: "user@example.com",
    signRs256,
    fetch,
  });
  assert.deepEqual(signed, [
    "https://iamcredentials.googleapis.com/",
    "https://oauth2.googleapis.com/token",
  ]);
  assert.equal(result.accessToken, "ya29.x");
});

/** Signs `data` with each PEM under real Node (OpenSSL, unlike Deno's node:crypto): base64 or null. */
const NODE_SIGNS = `
const crypto = require("node:crypto");
const { pems, data } = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(pems.map((pem) => {
  try {
    return crypto.sign("sha256", Buffer.from(data), crypto.createPrivateKey(pem)).toString("base64");
  } catch {
    return null;
  }
})));`;

const node20Runtime = await node20();

Deno.test(skippedWhen(runtimeMissing(node20Runtime, "Node 20"), {
  name:
    "the key check accepts exactly the PEM layouts Node's key parser reads, which Web Crypto signs alike",
  fn: async (t) => {
    const node = required(node20Runtime, "Node 20");
    const { key } = await testKey();
    const header = "-----BEGIN PRIVATE KEY-----";
    const footer = "-----END PRIVATE KEY-----";
    const lines = key.private_key.split("\n").filter((line) =>
      line !== "" && !line.startsWith("-")
    );
    const body = lines.join("\n");
    const layouts: Record<string, string> = {
      "as Google writes it": key.private_key,
      "CRLF line breaks": key.private_key.replace(/\n/g, "\r\n"),
      "the body on one line": `${header}\n${lines.join("")}\n${footer}\n`,
      "the body's lines joined by spaces": `${header}\n${lines.join(" ")}\n${footer}\n`,
      "blanks after the BEGIN line": `${header} \t\n${body}\n${footer}\n`,
      "no line break after the END line": `${header}\n${body}\n${footer}`,
      "all on one line": `${header}${lines.join("")}${footer}`,
      "line breaks as spaces": `${header} ${lines.join(" ")} ${footer}`,
      "line breaks as the two characters \\n": `${header}\\n${lines.join("\\n")}\\n${footer}`,
      "the BEGIN line joined to the body": `${header}${body}\n${footer}\n`,
      "the END line joined to the body": `${header}\n${body}${footer}\n`,
      "the END line indented": `${header}\n${body}\n  ${footer}\n`,
      "CR line breaks only": `${header}\r${body.replace(/\n/g, "\r")}\r${footer}\r`,
    };
    const data = "header.payload";
    const child = promisify(execFile)(node.path, ["-e", NODE_SIGNS], {
      timeout: 30_000,
    });
    child.child.stdin!.end(JSON.stringify({ pems: Object.values(layouts), data }));
    const signatures = JSON.parse((await child).stdout) as (string | null)[];
    const names = Object.keys(layouts);
    assert.ok(signatures.some((signature) => signature === null), "Node refuses some layouts");
    for (const [index, name] of names.entries()) {
      await t.step(name, async () => {
        const pem = layouts[name]!;
        const signature = signatures[index] ?? null;
        assert.equal(
          privateKeyProblem(pem) === undefined,
          signature !== null,
          privateKeyProblem(pem),
        );
        if (signature === null) return;
        const webCrypto = await signWithPrivateKey(pem, new TextEncoder().encode(data));
        assert.equal(btoa(String.fromCharCode(...webCrypto)), signature);
      });
    }
  },
}));
