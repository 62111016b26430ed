// The emulated GitHub OIDC endpoint: who may get a token, the claims a runner job's token has, and
// verification through the issuer's discovery document and JWKS.
import assert from "node:assert/strict";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { startEmulator } from "../../../emulator/mod.ts";
import { claimsOf, githubToken } from "../../../tools/emulator_calls.ts";

const STRING_CLAIMS = [
  "jti",
  "sub",
  "aud",
  "ref",
  "sha",
  "repository",
  "repository_owner",
  "run_id",
  "run_number",
  "run_attempt",
  "actor",
  "workflow",
  "head_ref",
  "base_ref",
  "event_name",
  "ref_type",
  "job_workflow_ref",
  "iss",
];

Deno.test("startEmulator() GitHub OIDC token has a runner job's claims and a 5 minute life", async () => {
  const emulator = await startEmulator();
  try {
    const token = await githubToken(emulator, "https://iam.googleapis.com/x");
    const claims = claimsOf(token);
    for (const name of STRING_CLAIMS) assert.equal(typeof claims[name], "string", name);
    for (const name of ["nbf", "exp", "iat"]) assert.equal(typeof claims[name], "number", name);
    assert.equal(claims.aud, "https://iam.googleapis.com/x");
    assert.equal(claims.iss, "https://token.actions.githubusercontent.com");
    assert.equal(claims.sub, "repo:octo-org/octo-repo:ref:refs/heads/main");
    assert.equal(claims.exp - claims.iat, 300);
    assert.equal(decodeProtectedHeader(token).alg, "RS256");
    assert.notEqual(claimsOf(await githubToken(emulator, "a")).jti, claims.jti);
  } finally {
    await emulator.close();
  }
});

Deno.test("startEmulator() GitHub OIDC claims follow the configured repository and ref", async () => {
  const emulator = await startEmulator({
    github: { claims: { repository: "acme/api", ref: "refs/tags/v1.2.0", environment: "prod" } },
  });
  try {
    const claims = claimsOf(await githubToken(emulator));
    assert.equal(claims.sub, "repo:acme/api:ref:refs/tags/v1.2.0");
    assert.equal(claims.repository_owner, "acme");
    assert.equal(claims.ref_type, "tag");
    assert.equal(claims.environment, "prod");
    assert.equal(claims.aud, "https://github.com/acme", "GitHub's default audience");
  } finally {
    await emulator.close();
  }
});

Deno.test("startEmulator() GitHub OIDC issues the repository ids, and the immutable sub on request", async () => {
  const named = await startEmulator({ github: { claims: { repository: "acme/api" } } });
  try {
    const claims = claimsOf(await githubToken(named));
    assert.equal(claims.sub, "repo:acme/api:ref:refs/heads/main", "the name-only sub by default");
    assert.equal(claims.repository_owner_id, "1000001");
    assert.equal(claims.repository_id, "2000002");
  } finally {
    await named.close();
  }
  const immutable = await startEmulator({
    github: {
      immutableSubject: true,
      claims: { repository: "acme/api", repository_owner_id: "123456", repository_id: "456789" },
    },
  });
  try {
    const claims = claimsOf(await githubToken(immutable));
    assert.equal(claims.sub, "repo:acme@123456/api@456789:ref:refs/heads/main");
    assert.equal(claims.repository_owner_id, "123456");
    assert.equal(claims.repository_id, "456789");
  } finally {
    await immutable.close();
  }
  await assert.rejects(
    startEmulator({ github: { claims: { repository_id: "R_kgDO" } } }),
    /github\.claims\.repository_id.*decimal id/,
  );
  await assert.rejects(
    // @ts-expect-error: a string where a boolean belongs, as from an untyped caller
    startEmulator({ github: { immutableSubject: "yes" } }),
    /github\.immutableSubject/,
  );
});

Deno.test("startEmulator() GitHub OIDC endpoint refuses a wrong request token and a bad query", async () => {
  const emulator = await startEmulator();
  try {
    const url = emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL!;
    const wrong = await fetch(url, { headers: { authorization: "Bearer not-the-token" } });
    assert.equal(wrong.status, 401);
    await wrong.body?.cancel();
    const none = await fetch(url);
    assert.equal(none.status, 401);
    await none.body?.cancel();
    const noVersion = await fetch(url.replace("api-version=2.0", "x=1"), {
      headers: { authorization: `Bearer ${emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
    });
    assert.equal(noVersion.status, 400);
    await noVersion.body?.cancel();
  } finally {
    await emulator.close();
  }
});

Deno.test("startEmulator() GitHub tokens verify against the issuer's JWKS from discovery", async () => {
  const emulator = await startEmulator({ github: { issuer: "https://issuer.example" } });
  try {
    const discovery = await (await fetch(
      new URL("/github/.well-known/openid-configuration", emulator.url),
    )).json();
    assert.equal(discovery.issuer, "https://issuer.example");
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const token = await githubToken(emulator, "aud-1");
    const { payload } = await jwtVerify(token, jwks, {
      issuer: "https://issuer.example",
      audience: "aud-1",
    });
    assert.equal(payload.repository, "octo-org/octo-repo");
  } finally {
    await emulator.close();
  }
});
