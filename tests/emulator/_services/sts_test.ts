// The emulated STS: what a valid exchange looks like (JSON and form), and each rejection Google
// makes: grant and token types, unknown fields, provider audience, token audience, issuer,
// signature, expiry, attribute mapping and condition.
import assert from "node:assert/strict";
import { generateKeyPair, SignJWT } from "jose";
import {
  claimsOf,
  exchange,
  githubToken,
  oidcAudience,
  stsAudience,
  stsJson,
  withEmulator,
} from "../../../tools/emulator_calls.ts";

Deno.test("startEmulator() STS exchanges a GitHub token (JSON camelCase) for a federated token", async () => {
  await withEmulator({}, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const { status, json } = await stsJson(emulator, exchange(emulator, subject));
    assert.equal(status, 200);
    assert.equal(json.token_type, "Bearer");
    assert.equal(json.issued_token_type, "urn:ietf:params:oauth:token-type:access_token");
    assert.equal(json.expires_in, 3599);
    const info = emulator.tokenInfo(json.access_token)!;
    assert.equal(info.kind, "federated");
    assert.equal(
      info.principal,
      `principal://iam.googleapis.com/${
        emulator.provider.split("/providers/")[0]
      }/subject/repo:octo-org/octo-repo:ref:refs/heads/main`,
    );
    assert.deepEqual(info.attributes, {
      actor: "octocat",
      repository: "octo-org/octo-repo",
      repository_owner: "octo-org",
    });
  });
});

Deno.test("startEmulator() STS accepts the form body google-auth-library sends", async () => {
  await withEmulator({}, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const response = await fetch(`${emulator.endpoints.sts}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        audience: `//iam.googleapis.com/${emulator.provider}`,
        requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
        subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
        subject_token: subject,
        scope: "https://www.googleapis.com/auth/cloud-platform",
      }).toString(),
    });
    assert.equal(response.status, 200);
    assert.equal(emulator.tokenInfo((await response.json()).access_token)?.kind, "federated");
  });
});

Deno.test("startEmulator() STS rejects malformed exchanges with Google's errors", async (t) => {
  await withEmulator({}, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const cases: [string, Record<string, unknown>, number, string, RegExp][] = [
      [
        "unknown field",
        { subject_tokn: "x" },
        400,
        "INVALID_ARGUMENT",
        /Unknown name "subject_tokn"/,
      ],
      ["wrong type", { scope: ["a"] }, 400, "INVALID_ARGUMENT", /Invalid value at 'scope'/],
      [
        "grant type",
        { grantType: "client_credentials" },
        400,
        "unsupported_grant_type",
        /grant_type/,
      ],
      [
        "token type",
        { requestedTokenType: "id_token" },
        400,
        "invalid_request",
        /requested_token_type/,
      ],
      ["subject type", { subjectTokenType: "saml2" }, 400, "invalid_request", /subject_token_type/],
      [
        "provider",
        { audience: "//iam.googleapis.com/projects/1/x" },
        400,
        "invalid_target",
        /pool or provider/,
      ],
      ["scope", { scope: "" }, 400, "invalid_scope", /Scope/],
      ["subject", { subjectToken: "" }, 400, "invalid_request", /subject_token/],
      ["garbage token", { subjectToken: "a.b.c" }, 400, "invalid_grant", /signature or format/],
    ];
    for (const [name, overrides, status, error, description] of cases) {
      await t.step(name, async () => {
        const answer = await stsJson(emulator, exchange(emulator, subject, overrides));
        assert.equal(answer.status, status);
        const kind = answer.json.error?.status ?? answer.json.error;
        assert.equal(kind, error);
        assert.match(answer.json.error_description ?? answer.json.error.message, description);
      });
    }
  });
});

Deno.test("startEmulator() STS rejects a token for another audience, issuer or key, or expired", async () => {
  let clock = Date.now();
  await withEmulator({ now: () => clock }, async (emulator) => {
    const wrongAudience = await githubToken(emulator, "https://wrong.example");
    const answer = await stsJson(emulator, exchange(emulator, wrongAudience));
    assert.equal(answer.json.error, "invalid_grant");
    assert.match(
      answer.json.error_description,
      /audience in ID Token \[https:\/\/wrong\.example\]/,
    );

    const genuine = claimsOf(await githubToken(emulator, oidcAudience(emulator)));
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT(genuine).setProtectedHeader({ alg: "RS256" }).sign(privateKey);
    const forgedAnswer = await stsJson(emulator, exchange(emulator, forged));
    assert.equal(forgedAnswer.json.error, "invalid_grant");
    assert.match(forgedAnswer.json.error_description, /signature/);

    const stale = await githubToken(emulator, oidcAudience(emulator));
    clock += 301_000;
    const staleAnswer = await stsJson(emulator, exchange(emulator, stale));
    assert.equal(staleAnswer.json.error, "invalid_grant");
    assert.match(staleAnswer.json.error_description, /expired/);
  });
  await withEmulator({ provider: { issuer: "https://other.example" } }, async (emulator) => {
    const token = await githubToken(emulator, oidcAudience(emulator));
    const answer = await stsJson(emulator, exchange(emulator, token));
    assert.match(answer.json.error_description, /does not match the expected ISSUER/);
  });
});

Deno.test("startEmulator() STS applies the CEL attribute condition to the mapped claims", async () => {
  const provider = {
    attributeMapping: {
      "google.subject": "assertion.sub",
      "attribute.owner": "assertion.repository_owner",
    },
    attributeCondition: "attribute.owner == 'octo-org' && assertion.ref.startsWith('refs/heads/')",
  };
  await withEmulator({ provider }, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const answer = await stsJson(emulator, exchange(emulator, subject));
    assert.equal(answer.status, 200);
    assert.deepEqual(emulator.tokenInfo(answer.json.access_token)?.attributes, {
      owner: "octo-org",
    });
  });
  await withEmulator(
    { provider, github: { claims: { repository: "evil/fork" } } },
    async (emulator) => {
      const subject = await githubToken(emulator, oidcAudience(emulator));
      const answer = await stsJson(emulator, exchange(emulator, subject));
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.json, {
        error: "unauthorized_client",
        error_description: "The given credential is rejected by the attribute condition.",
      });
    },
  );
  await withEmulator(
    { provider: { attributeCondition: "assertion.environment == 'prod'" } },
    async (emulator) => {
      const subject = await githubToken(emulator, oidcAudience(emulator));
      const answer = await stsJson(emulator, exchange(emulator, subject));
      assert.equal(answer.json.error, "unauthorized_client", "a missing claim rejects, too");
    },
  );
});

Deno.test("startEmulator() STS evaluates a condition on the immutable repository ids", async () => {
  const provider = {
    attributeCondition:
      "assertion.repository_id == '456789' && assertion.repository_owner_id == '123456'",
  };
  const github = (repositoryId: string) => ({
    immutableSubject: true,
    claims: { repository_owner_id: "123456", repository_id: repositoryId },
  });
  await withEmulator({ provider, github: github("456789") }, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const answer = await stsJson(emulator, exchange(emulator, subject));
    assert.equal(answer.status, 200);
  });
  // Another repository that took over the name: same owner and name, another id.
  await withEmulator({ provider, github: github("999999") }, async (emulator) => {
    const subject = await githubToken(emulator, oidcAudience(emulator));
    const answer = await stsJson(emulator, exchange(emulator, subject));
    assert.equal(answer.status, 400);
    assert.equal(answer.json.error, "unauthorized_client");
  });
});

Deno.test("startEmulator() STS accepts the provider name with or without https: when no audiences are set", async (t) => {
  for (const options of [{}, { provider: { allowedAudiences: [] } }]) {
    await t.step(JSON.stringify(options), async () => {
      await withEmulator(options, async (emulator) => {
        for (const audience of [oidcAudience(emulator), stsAudience(emulator)]) {
          const subject = await githubToken(emulator, audience);
          assert.equal(
            (await stsJson(emulator, exchange(emulator, subject))).status,
            200,
            audience,
          );
        }
        const other = await githubToken(emulator, "https://example.com");
        const refused = await stsJson(emulator, exchange(emulator, other));
        assert.equal(refused.json.error, "invalid_grant");
      });
    });
  }
});

Deno.test("startEmulator() STS follows a non-default universe and extra allowed audiences", async () => {
  await withEmulator(
    { universe: "example-universe.com", provider: { allowedAudiences: ["custom-aud"] } },
    async (emulator) => {
      const subject = await githubToken(emulator, "custom-aud");
      const body = exchange(emulator, subject, {
        audience: `//iam.example-universe.com/${emulator.provider}`,
      });
      assert.equal((await stsJson(emulator, body)).status, 200);
      const googleAudience = await stsJson(emulator, exchange(emulator, subject));
      assert.equal(googleAudience.json.error, "invalid_target");
    },
  );
});
