// The emulated IAM Credentials API: authentication of the caller, IAM bindings and delegation
// chains, Google's 403 shape, lifetime limits with and without the org policy, ID token claims and
// signJwt's payload rules.
import assert from "node:assert/strict";
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from "jose";
import {
  claimsOf,
  exchange,
  federatedToken,
  githubToken,
  iam,
  oidcAudience,
  stsJson,
  withEmulator,
} from "../../../tools/emulator_calls.ts";

const SCOPE = ["https://www.googleapis.com/auth/cloud-platform"];

Deno.test("startEmulator() generateAccessToken issues a token for the impersonated account", async () => {
  // A fixed clock, so the expiry is exact rather than read across a second's boundary.
  const now = Date.UTC(2026, 0, 2, 3, 4, 5);
  await withEmulator({ now: () => now }, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const { status, json } = await iam(
      emulator,
      emulator.serviceAccount,
      "generateAccessToken",
      { scope: SCOPE, lifetime: "1200s" },
      bearer,
    );
    assert.equal(status, 200);
    assert.equal(json.expireTime, "2026-01-02T03:24:05Z");
    const info = emulator.tokenInfo(json.accessToken)!;
    assert.equal(info.expiresAt.getTime(), now + 1200 * 1000);
    assert.equal(info.kind, "service_account");
    assert.equal(info.principal, emulator.serviceAccount);
    assert.deepEqual(info.scopes, SCOPE);
  });
});

Deno.test("startEmulator() IAM Credentials authenticates the caller", async () => {
  await withEmulator({}, async (emulator) => {
    const none = await iam(emulator, emulator.serviceAccount, "generateAccessToken", {
      scope: SCOPE,
    });
    assert.equal(none.status, 401);
    assert.equal(none.json.error.status, "UNAUTHENTICATED");
    const forged = await iam(
      emulator,
      emulator.serviceAccount,
      "generateAccessToken",
      { scope: SCOPE },
      "ya29.not-issued-here",
    );
    assert.equal(forged.status, 401);
  });
});

Deno.test("startEmulator() IAM Credentials needs a caller token scoped to cloud-platform or iam", async () => {
  await withEmulator({}, async (emulator) => {
    const scoped = async (scope: string) => {
      const subject = await githubToken(emulator, oidcAudience(emulator));
      const { json } = await stsJson(emulator, exchange(emulator, subject, { scope }));
      return await iam(emulator, emulator.serviceAccount, "generateAccessToken", {
        scope: SCOPE,
      }, json.access_token);
    };
    const narrow = await scoped("https://www.googleapis.com/auth/gmail.readonly");
    assert.equal(narrow.status, 403);
    assert.equal(narrow.json.error.message, "Request had insufficient authentication scopes.");
    assert.equal(narrow.json.error.details[0].reason, "ACCESS_TOKEN_SCOPE_INSUFFICIENT");
    assert.equal((await scoped("https://www.googleapis.com/auth/iam")).status, 200);
  });
});

Deno.test("startEmulator() IAM Credentials answers Google's 403 for a missing role or account", async () => {
  const other = "deploy@emulated-project.iam.gserviceaccount.com";
  await withEmulator({
    serviceAccounts: ["ci@emulated-project.iam.gserviceaccount.com", other],
    bindings: [{
      serviceAccount: other,
      role: "roles/iam.workloadIdentityUser",
      members: [
        "principalSet://iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/other/*",
      ],
    }],
  }, async (emulator) => {
    const bearer = await federatedToken(emulator);
    for (
      const target of [emulator.serviceAccount, other, "ghost@nowhere.iam.gserviceaccount.com"]
    ) {
      const { status, json } = await iam(
        emulator,
        target,
        "generateAccessToken",
        { scope: SCOPE },
        bearer,
      );
      assert.equal(status, 403, target);
      assert.equal(json.error.status, "PERMISSION_DENIED");
      assert.equal(
        json.error.message,
        "Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).",
      );
      assert.equal(json.error.details[0].reason, "IAM_PERMISSION_DENIED");
    }
  });
});

Deno.test("startEmulator() IAM bindings match attribute principal sets; workloadIdentityUser cannot signJwt", async () => {
  const sa = "ci@emulated-project.iam.gserviceaccount.com";
  const pool = "projects/123456789012/locations/global/workloadIdentityPools/github";
  await withEmulator({
    bindings: [{
      serviceAccount: sa,
      role: "roles/iam.workloadIdentityUser",
      members: [
        `principalSet://iam.googleapis.com/${pool}/attribute.repository/octo-org/octo-repo`,
      ],
    }],
  }, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const access = await iam(emulator, sa, "generateAccessToken", { scope: SCOPE }, bearer);
    assert.equal(access.status, 200);
    const sign = await iam(emulator, sa, "signJwt", { payload: "{}" }, bearer);
    assert.equal(sign.status, 403);
    assert.match(sign.json.error.message, /iam\.serviceAccounts\.signJwt/);
  });
});

Deno.test("startEmulator() delegation chains need implicitDelegation at every hop, as emails or projects/-/serviceAccounts/", async () => {
  const [a, b, c] = ["a", "b", "c"].map((n) => `${n}@emulated-project.iam.gserviceaccount.com`);
  const everyone =
    "principalSet://iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/*";
  const creator = "roles/iam.serviceAccountTokenCreator";
  await withEmulator({
    serviceAccounts: [a!, b!, c!],
    bindings: [
      { serviceAccount: a!, role: creator, members: [everyone] },
      { serviceAccount: b!, role: creator, members: [`serviceAccount:${a}`] },
      { serviceAccount: c!, role: creator, members: [`serviceAccount:${b}`] },
    ],
  }, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const chain = [`projects/-/serviceAccounts/${a}`, `projects/-/serviceAccounts/${b}`];
    const ok = await iam(
      emulator,
      c!,
      "generateAccessToken",
      { scope: SCOPE, delegates: chain },
      bearer,
    );
    assert.equal(ok.status, 200);
    assert.equal(emulator.tokenInfo(ok.json.accessToken)?.principal, c);
    const direct = await iam(emulator, c!, "generateAccessToken", { scope: SCOPE }, bearer);
    assert.equal(direct.status, 403);
    const skipped = await iam(emulator, c!, "generateAccessToken", {
      scope: SCOPE,
      delegates: [chain[1]],
    }, bearer);
    assert.match(skipped.json.error.message, /implicitDelegation/);
    // Bare emails, as gcloud, Python and Go send them, are taken like the documented form
    // (issue 20: Google accepts them); a project in place of `-` is not.
    const bare = await iam(
      emulator,
      c!,
      "generateAccessToken",
      { scope: SCOPE, delegates: [a, b] },
      bearer,
    );
    assert.equal(bare.status, 200);
    const project = await iam(emulator, c!, "generateAccessToken", {
      scope: SCOPE,
      delegates: [`projects/emulated-project/serviceAccounts/${a}`, chain[1]],
    }, bearer);
    assert.equal(project.status, 400);
    assert.match(project.json.error.message, /projects\/-\/serviceAccounts\//);
  });
});

Deno.test("startEmulator() access token lifetime: 1 hour, or 12 hours under the org policy", async () => {
  await withEmulator({}, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const long = await iam(emulator, emulator.serviceAccount, "generateAccessToken", {
      scope: SCOPE,
      lifetime: "3601s",
    }, bearer);
    assert.equal(long.status, 400);
    assert.match(
      long.json.error.message,
      /constraints\/iam\.allowServiceAccountCredentialLifetimeExtension/,
    );
    const bad = await iam(emulator, emulator.serviceAccount, "generateAccessToken", {
      scope: SCOPE,
      lifetime: "1h",
    }, bearer);
    assert.match(bad.json.error.message, /Invalid value at 'lifetime'/);
    const noScope = await iam(emulator, emulator.serviceAccount, "generateAccessToken", {}, bearer);
    assert.equal(noScope.status, 400);
  });
  await withEmulator({ allowLifetimeExtension: true }, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const call = (lifetime: string) =>
      iam(
        emulator,
        emulator.serviceAccount,
        "generateAccessToken",
        { scope: SCOPE, lifetime },
        bearer,
      );
    assert.equal((await call("43200s")).status, 200);
    assert.equal((await call("43201s")).status, 400);
  });
});

Deno.test("startEmulator() generateIdToken signs Google ID token claims, email only when asked", async () => {
  await withEmulator({}, async (emulator) => {
    const bearer = await federatedToken(emulator);
    for (const includeEmail of [true, false]) {
      const { status, json } = await iam(emulator, emulator.serviceAccount, "generateIdToken", {
        audience: "https://svc.example.run.app",
        includeEmail,
      }, bearer);
      assert.equal(status, 200);
      const { payload: claims } = await jwtVerify(
        json.token,
        createRemoteJWKSet(new URL(emulator.googleCertsUrl)),
        { issuer: "https://accounts.google.com", audience: "https://svc.example.run.app" },
      );
      assert.equal(claims.exp! - claims.iat!, 3600);
      assert.match(claims.sub!, /^\d{21}$/);
      assert.equal(claims.email, includeEmail ? emulator.serviceAccount : undefined);
    }
    const noAudience = await iam(emulator, emulator.serviceAccount, "generateIdToken", {}, bearer);
    assert.equal(noAudience.status, 400);
    const wrongType = await iam(emulator, emulator.serviceAccount, "generateIdToken", {
      audience: "x",
      includeEmail: "yes",
    }, bearer);
    assert.match(wrongType.json.error.message, /Invalid value at 'include_email' \(TYPE_BOOL\)/);
  });
});

Deno.test("startEmulator() generateIdToken takes useEmailAzp and string booleans, as Google's clients send them", async () => {
  await withEmulator({}, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const claimsFor = async (body: Record<string, unknown>) => {
      const { status, json } = await iam(emulator, emulator.serviceAccount, "generateIdToken", {
        audience: "https://svc.example.run.app",
        ...body,
      }, bearer);
      assert.equal(status, 200, JSON.stringify(json));
      return claimsOf(json.token);
    };
    // google-auth-library's Impersonated.fetchIdToken(): booleans and an empty delegates list.
    const node = await claimsFor({ delegates: [], includeEmail: true, useEmailAzp: true });
    assert.deepEqual([node.azp, node.email], [emulator.serviceAccount, emulator.serviceAccount]);
    // Python google-auth's IAM ID token flow: the strings "true".
    const python = await claimsFor({ includeEmail: "true", useEmailAzp: "true" });
    assert.deepEqual([python.azp, python.email], [
      emulator.serviceAccount,
      emulator.serviceAccount,
    ]);
    // Without useEmailAzp, azp is the unique id (as the metadata server's tokens have it).
    const plain = await claimsFor({ includeEmail: "false", delegates: null });
    assert.match(plain.azp, /^\d{21}$/);
    assert.equal(plain.email, undefined);
    const wrong = await iam(emulator, emulator.serviceAccount, "generateIdToken", {
      audience: "x",
      useEmailAzp: "TRUE",
    }, bearer);
    assert.match(wrong.json.error.message, /Invalid value at 'use_email_azp' \(TYPE_BOOL\)/);
  });
});

Deno.test("startEmulator() signJwt signs a claims object once and enforces the 12 hour exp limit", async () => {
  await withEmulator({}, async (emulator) => {
    const bearer = await federatedToken(emulator);
    const now = Math.floor(Date.now() / 1000);
    const sign = (payload: string) =>
      iam(emulator, emulator.serviceAccount, "signJwt", { payload }, bearer);
    const ok = await sign(JSON.stringify({ iss: "x", exp: now + 600 }));
    assert.equal(ok.status, 200);
    assert.deepEqual(claimsOf(ok.json.signedJwt), { iss: "x", exp: now + 600 });
    assert.equal(typeof ok.json.keyId, "string");
    assert.equal((await sign(JSON.stringify({ exp: now + 13 * 3600 }))).status, 400);
    assert.equal((await sign(JSON.stringify({ exp: now - 10 }))).status, 400);
    const added = await sign("{}");
    const addedExp = claimsOf(added.json.signedJwt).exp - now;
    assert.ok(addedExp === 3600 || addedExp === 3601, `exp added when missing: +${addedExp}`);
    const doubleEncoded = await sign(JSON.stringify(JSON.stringify({ iss: "x" })));
    assert.equal(doubleEncoded.status, 400);
    assert.match(doubleEncoded.json.error.message, /JSON object/);
  });
});

Deno.test("startEmulator() key mode: a self-signed JWT of a user-managed key authenticates its account", async () => {
  await withEmulator({}, async (emulator) => {
    const key = JSON.parse(await emulator.serviceAccountKey());
    assert.equal(key.type, "service_account");
    assert.equal(key.client_email, emulator.serviceAccount);
    const privateKey = await importPKCS8(key.private_key, "RS256");
    const selfSigned = (aud: string) =>
      new SignJWT({ iss: key.client_email, sub: key.client_email, aud })
        .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.private_key_id })
        .setIssuedAt()
        .setExpirationTime("3599s")
        .sign(privateKey);
    const good = await iam(emulator, emulator.serviceAccount, "generateAccessToken", {
      scope: SCOPE,
    }, await selfSigned(`${emulator.url}/`));
    assert.equal(good.status, 200);
    const wrongAudience = await iam(emulator, emulator.serviceAccount, "generateAccessToken", {
      scope: SCOPE,
    }, await selfSigned("https://elsewhere.example/"));
    assert.equal(wrongAudience.status, 401);
    await assert.rejects(emulator.serviceAccountKey("nobody@x.iam.gserviceaccount.com"), TypeError);
  });
});
