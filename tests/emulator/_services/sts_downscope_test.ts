// Downscoping at the emulated STS (Credential Access Boundaries) and the Cloud Storage stand-in
// that enforces them: the rules Google refuses, the source token's expiry kept, no second boundary,
// and objects reached only through a rule on their bucket whose role and condition allow them.
import assert from "node:assert/strict";
import {
  federatedToken,
  githubToken,
  stsForm,
  withEmulator,
} from "../../../tools/emulator_calls.ts";
import type { Emulator } from "../../../emulator/mod.ts";

const ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";
const OBJECTS = {
  "bucket-123": { "customer-a/report.txt": "a", "customer-b/report.txt": "b" },
  "other-bucket": { "x.txt": "x" },
};

function rule(bucket: string, roles = ["inRole:roles/storage.objectViewer"], expression?: string) {
  return {
    availableResource: `//storage.googleapis.com/projects/_/buckets/${bucket}`,
    availablePermissions: roles,
    ...(expression === undefined ? {} : { availabilityCondition: { expression, title: "t" } }),
  };
}

async function downscope(emulator: Emulator, token: string, rules: unknown[]) {
  return await stsForm(emulator, "token", {
    grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
    requested_token_type: ACCESS_TOKEN,
    subject_token: token,
    subject_token_type: ACCESS_TOKEN,
    options: JSON.stringify({ accessBoundary: { accessBoundaryRules: rules } }),
  });
}

async function get(
  emulator: Emulator,
  token: string,
  bucket: string,
  object: string,
  media = false,
) {
  const response = await fetch(
    `${emulator.endpoints.storage}/b/${bucket}/o/${encodeURIComponent(object)}${
      media ? "?alt=media" : ""
    }`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return { status: response.status, text: await response.text() };
}

Deno.test("startEmulator() STS downscopes a token: same identity and expiry, no expires_in", async () => {
  const now = Date.UTC(2026, 4, 1);
  let clock = now;
  await withEmulator({ now: () => clock, storageObjects: OBJECTS }, async (emulator) => {
    const source = await federatedToken(emulator);
    clock += 60_000;
    const answer = await downscope(emulator, source, [rule("bucket-123")]);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.deepEqual(Object.keys(answer.json).sort(), [
      "access_token",
      "issued_token_type",
      "token_type",
    ]);
    const info = emulator.tokenInfo(answer.json.access_token)!;
    const sourceInfo = emulator.tokenInfo(source)!;
    assert.equal(info.principal, sourceInfo.principal);
    assert.equal(info.expiresAt.getTime(), sourceInfo.expiresAt.getTime());
    assert.deepEqual(info.accessBoundary, [rule("bucket-123")]);
    // Python google-auth sends the options percent-encoded once more.
    const python = await stsForm(emulator, "token", {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: ACCESS_TOKEN,
      subject_token: source,
      subject_token_type: ACCESS_TOKEN,
      options: encodeURIComponent(
        JSON.stringify({ accessBoundary: { accessBoundaryRules: [rule("other-bucket")] } }),
      ),
    });
    assert.equal(python.status, 200, JSON.stringify(python.json));
    const again = await downscope(emulator, answer.json.access_token, [rule("bucket-123")]);
    assert.match(again.json.error_description, /already has an access boundary/);
    const unknown = await downscope(emulator, "ya29.not-issued", [rule("bucket-123")]);
    assert.equal(unknown.json.error, "invalid_grant");
  });
});

Deno.test("startEmulator() STS refuses the boundaries Google refuses", async (t) => {
  await withEmulator({}, async (emulator) => {
    const source = await federatedToken(emulator);
    const cases: [string, unknown[], RegExp][] = [
      ["no rule", [], /at least one rule/],
      ["eleven rules", Array.from({ length: 11 }, () => rule("b1")), /11 rules, more than 10/],
      ["no permission", [rule("b1", [])], /at least one permission/],
      ["a permission without inRole:", [rule("b1", ["roles/storage.objectViewer"])], /inRole:/],
      ["another service's resource", [{
        ...rule("b1"),
        availableResource: "//bigquery.googleapis.com/projects/p/datasets/d",
      }], /only Cloud Storage buckets/],
      ["an unknown field", [{ ...rule("b1"), extra: 1 }], /unknown field "extra"/],
      [
        "a condition without expression",
        [{ ...rule("b1"), availabilityCondition: { title: "t" } }],
        /availabilityCondition/,
      ],
    ];
    for (const [name, rules, message] of cases) {
      await t.step(name, async () => {
        const answer = await downscope(emulator, source, rules);
        assert.equal(answer.status, 400);
        assert.equal(answer.json.error, "invalid_request");
        assert.match(answer.json.error_description, message);
      });
    }
    const noOptions = await stsForm(emulator, "token", {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: ACCESS_TOKEN,
      subject_token: source,
      subject_token_type: ACCESS_TOKEN,
    });
    assert.match(noOptions.json.error_description, /accessBoundary/);
    const workforce = await stsForm(emulator, "token", {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      audience: `//iam.googleapis.com/${emulator.workforceProvider}`,
      requested_token_type: ACCESS_TOKEN,
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      subject_token: await githubToken(
        emulator,
        `https://iam.googleapis.com/${emulator.workforceProvider}`,
      ),
      scope: "https://www.googleapis.com/auth/cloud-platform",
    });
    const refused = await downscope(emulator, workforce.json.access_token, [rule("b1")]);
    assert.match(refused.json.error_description, /workforce pool/);
  });
});

Deno.test("startEmulator() Cloud Storage serves an object only as the token's boundary allows", async () => {
  await withEmulator({ storageObjects: OBJECTS }, async (emulator) => {
    const source = await federatedToken(emulator);
    assert.equal((await get(emulator, source, "other-bucket", "x.txt")).status, 200);
    const condition =
      "resource.name.startsWith('projects/_/buckets/bucket-123/objects/customer-a')";
    const narrowed = (await downscope(emulator, source, [rule("bucket-123", undefined, condition)]))
      .json.access_token;
    const allowed = await get(emulator, narrowed, "bucket-123", "customer-a/report.txt");
    assert.equal(allowed.status, 200);
    assert.equal(JSON.parse(allowed.text).size, "1");
    assert.equal(
      (await get(emulator, narrowed, "bucket-123", "customer-a/report.txt", true)).text,
      "a",
    );
    const otherPrefix = await get(emulator, narrowed, "bucket-123", "customer-b/report.txt");
    assert.equal(otherPrefix.status, 403);
    assert.match(JSON.parse(otherPrefix.text).error.message, /storage\.objects\.get/);
    assert.equal((await get(emulator, narrowed, "other-bucket", "x.txt")).status, 403);
    // A role without storage.objects.get, and a condition the emulator's CEL cannot evaluate.
    const creator = (await downscope(emulator, source, [
      rule("other-bucket", ["inRole:roles/storage.objectCreator"]),
      rule(
        "bucket-123",
        undefined,
        "api.getAttribute('storage.googleapis.com/objectListPrefix', '').startsWith('customer-a')",
      ),
    ])).json.access_token;
    assert.ok(creator, "Google takes both rules");
    assert.equal((await get(emulator, creator, "other-bucket", "x.txt")).status, 403);
    assert.equal((await get(emulator, creator, "bucket-123", "customer-a/report.txt")).status, 403);
    // Unknown objects and buckets, and no credential.
    assert.equal((await get(emulator, source, "bucket-123", "missing")).status, 404);
    assert.equal((await get(emulator, source, "no-such-bucket", "x")).status, 404);
    const anonymous = await fetch(`${emulator.endpoints.storage}/b/other-bucket/o/x.txt`);
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
    // Through emulator.fetch, as a client library would call Cloud Storage.
    const routed = await emulator.fetch(
      "https://storage.googleapis.com/storage/v1/b/other-bucket/o/x.txt?alt=media",
      { headers: { authorization: `Bearer ${source}` } },
    );
    assert.equal(await routed.text(), "x");
  });
});
