// The emulated metadata server: Google's header rules, the default service account's access and
// ID tokens, the project and universe values, directory listings and the root probe.
import assert from "node:assert/strict";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Emulator } from "../../../emulator/mod.ts";
import { withEmulator } from "../../../tools/emulator_calls.ts";

const FLAVOR = { "metadata-flavor": "Google" };

function metadata(
  emulator: Emulator,
  path: string,
  headers: Record<string, string> = FLAVOR,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`http://${emulator.metadataHost}/computeMetadata/v1/${path}`, { headers, ...init });
}

async function text(emulator: Emulator, path: string): Promise<string> {
  const response = await metadata(emulator, path);
  assert.equal(response.status, 200, path);
  assert.equal(response.headers.get("metadata-flavor"), "Google");
  return await response.text();
}

Deno.test("startEmulator() metadata server refuses requests without Metadata-Flavor or with X-Forwarded-For", async () => {
  await withEmulator({}, async (emulator) => {
    const cases: [string, Record<string, string>][] = [
      ["no header", {}],
      ["wrong value", { "metadata-flavor": "google" }],
      ["legacy header", { "x-google-metadata-request": "True" }],
      ["forwarded", { ...FLAVOR, "x-forwarded-for": "203.0.113.7" }],
    ];
    for (const [name, headers] of cases) {
      const response = await metadata(emulator, "instance/service-accounts/default/token", headers);
      assert.equal(response.status, 403, name);
      assert.equal(response.headers.get("metadata-flavor"), "Google", name);
      assert.match(await response.text(), /does not have permission/, name);
    }
    assert.equal(emulator.requests.filter((r) => r.route === "metadataToken").length, 4);
    assert.equal(emulator.requests.some((r) => r.body !== ""), false);
  });
});

Deno.test("startEmulator() metadata server answers the probes a client makes", async () => {
  await withEmulator({}, async (emulator) => {
    const root = await fetch(`http://${emulator.metadataHost}/`);
    assert.equal(root.status, 200);
    assert.equal(root.headers.get("metadata-flavor"), "Google");
    await root.body?.cancel();
    assert.equal(await text(emulator, ""), "instance/\nproject/\nuniverse/\n");
    const bare = await fetch(`http://${emulator.metadataHost}/computeMetadata/v1`, {
      headers: FLAVOR,
      redirect: "manual",
    });
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.get("location"), "/computeMetadata/v1/");
    const instance = await metadata(emulator, "instance", FLAVOR, { redirect: "manual" });
    assert.equal(instance.status, 301);
    assert.equal(instance.headers.get("location"), "/computeMetadata/v1/instance/");
    // fetch follows the redirect, keeping the header on the same origin.
    assert.match(await text(emulator, "instance"), /^service-accounts\/$/m);
    const post = await metadata(emulator, "project/project-id", FLAVOR, { method: "POST" });
    assert.equal(post.status, 405);
    await post.body?.cancel();
    const missing = await metadata(emulator, "instance/attributes/startup-script");
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("metadata-flavor"), "Google");
    await missing.body?.cancel();
  });
});

Deno.test("startEmulator() metadata server serves the project, universe and default account", async () => {
  await withEmulator({ universe: "example.test" }, async (emulator) => {
    assert.equal(await text(emulator, "project/project-id"), "emulated-project");
    assert.equal(await text(emulator, "project/numeric-project-id"), "123456789012");
    assert.equal(await text(emulator, "universe/universe-domain"), "example.test");
    assert.equal(
      await text(emulator, "instance/service-accounts/default/email"),
      emulator.serviceAccount,
    );
    assert.equal(
      await text(emulator, "instance/service-accounts/"),
      `default/\n${emulator.serviceAccount}/\n`,
    );
    assert.equal(
      await text(emulator, "instance/service-accounts/default/"),
      "aliases\nemail\nidentity\nscopes\ntoken\n",
    );
    assert.deepEqual(
      JSON.parse(await text(emulator, "instance/service-accounts/default/?recursive=true")),
      {
        aliases: ["default"],
        email: emulator.serviceAccount,
        scopes: ["https://www.googleapis.com/auth/cloud-platform"],
      },
    );
    assert.equal(
      await text(emulator, `instance/service-accounts/${emulator.serviceAccount}/email`),
      emulator.serviceAccount,
    );
    const unknown = await metadata(emulator, "instance/service-accounts/other@x.test/token");
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
  });
});

Deno.test("startEmulator() metadata server issues access tokens with the account's or the asked scopes", async () => {
  const now = Date.UTC(2026, 0, 2, 3, 4, 5);
  const other = "runtime@other-project.iam.gserviceaccount.com";
  await withEmulator({
    now: () => now,
    serviceAccounts: ["ci@emulated-project.iam.gserviceaccount.com", other],
    metadata: { serviceAccount: other, scopes: ["https://www.googleapis.com/auth/devstorage"] },
  }, async (emulator) => {
    const response = await metadata(emulator, "instance/service-accounts/default/token");
    assert.equal(response.headers.get("content-type"), "application/json");
    const body = await response.json();
    assert.deepEqual(Object.keys(body).sort(), ["access_token", "expires_in", "token_type"]);
    assert.equal(body.expires_in, 3599);
    const info = emulator.tokenInfo(body.access_token)!;
    assert.deepEqual([info.kind, info.principal], ["service_account", other]);
    assert.deepEqual(info.scopes, ["https://www.googleapis.com/auth/devstorage"]);
    assert.equal(info.expiresAt.getTime(), now + 3600_000);
    // The VM runs in the project of the first service account, whoever its default account is.
    assert.equal(await text(emulator, "project/project-id"), "emulated-project");
    const scoped = JSON.parse(
      await text(
        emulator,
        `instance/service-accounts/${other}/token?scopes=https://www.googleapis.com/auth/iam,openid`,
      ),
    );
    assert.deepEqual(emulator.tokenInfo(scoped.access_token)?.scopes, [
      "https://www.googleapis.com/auth/iam",
      "openid",
    ]);
  });
});

async function accessToken(
  emulator: Emulator,
  account: string,
  scopes?: string,
): Promise<{ access_token: string; expires_in: number }> {
  const query = scopes === undefined ? "" : `?scopes=${scopes}`;
  return JSON.parse(await text(emulator, `instance/service-accounts/${account}/token${query}`));
}

Deno.test("startEmulator() metadata server hands out its cached token with what it has left", async () => {
  const t0 = Date.UTC(2026, 0, 2, 3, 4, 5);
  let now = t0;
  await withEmulator({ now: () => now }, async (emulator) => {
    const first = await accessToken(emulator, "default");
    assert.equal(first.expires_in, 3599);
    now += 600_500;
    // The account's email names the same account as default: the same token, 600.5 s older.
    const again = await accessToken(emulator, emulator.serviceAccount);
    assert.deepEqual(again, { ...first, expires_in: 2999, token_type: "Bearer" });
    // The instance's scopes asked for by name are the scope set of the default token.
    const named = await accessToken(
      emulator,
      "default",
      "https://www.googleapis.com/auth/cloud-platform",
    );
    assert.equal(named.access_token, first.access_token);
    // Another scope set has a token of its own, whatever the order and repeats of its scopes.
    const scoped = await accessToken(emulator, "default", "openid,https://x.test/a");
    assert.notEqual(scoped.access_token, first.access_token);
    assert.equal(scoped.expires_in, 3599);
    const reordered = await accessToken(emulator, "default", "https://x.test/a,openid,openid");
    assert.equal(reordered.access_token, scoped.access_token);
    assert.deepEqual(emulator.tokenInfo(reordered.access_token)?.scopes, [
      "openid",
      "https://x.test/a",
    ]);
  });
});

Deno.test("startEmulator() metadata server mints a new token once 4 minutes or less are left", async () => {
  const t0 = Date.UTC(2026, 0, 2, 3, 4, 5);
  let now = t0;
  await withEmulator({ now: () => now }, async (emulator) => {
    const first = await accessToken(emulator, "default");
    now = t0 + 3600_000 - 240_001;
    assert.deepEqual(await accessToken(emulator, "default"), { ...first, expires_in: 240 });
    now = t0 + 3600_000 - 240_000;
    const second = await accessToken(emulator, "default");
    assert.notEqual(second.access_token, first.access_token);
    assert.equal(second.expires_in, 3599);
    assert.equal(emulator.tokenInfo(second.access_token)?.expiresAt.getTime(), now + 3600_000);
    // The replaced token still works until it expires.
    assert.equal(emulator.tokenInfo(first.access_token)?.expiresAt.getTime(), t0 + 3600_000);
    now += 60_000;
    assert.equal((await accessToken(emulator, "default")).access_token, second.access_token);
    // A scope set asked for again after its token expired gets a new token.
    const scoped = await accessToken(emulator, "default", "openid");
    now += 3600_000;
    const renewed = await accessToken(emulator, "default", "openid");
    assert.notEqual(renewed.access_token, scoped.access_token);
    assert.equal(renewed.expires_in, 3599);
  });
});

Deno.test("startEmulator() metadata server issues ID tokens that verify at googleCertsUrl", async () => {
  await withEmulator({}, async (emulator) => {
    const noAudience = await metadata(emulator, "instance/service-accounts/default/identity");
    assert.equal(noAudience.status, 400);
    assert.match(await noAudience.text(), /audience/);
    const badFormat = await metadata(
      emulator,
      "instance/service-accounts/default/identity?audience=x&format=short",
    );
    assert.equal(badFormat.status, 400);
    await badFormat.body?.cancel();
    const jwks = createRemoteJWKSet(new URL(emulator.googleCertsUrl));
    const verify = async (query: string) =>
      (await jwtVerify(
        await text(emulator, `instance/service-accounts/default/identity?${query}`),
        jwks,
        { issuer: "https://accounts.google.com", audience: "https://service.example" },
      )).payload;
    const standard = await verify("audience=https://service.example");
    assert.equal(standard.email, emulator.serviceAccount);
    assert.equal(standard.email_verified, true);
    assert.equal(standard.google, undefined);
    assert.equal(standard.exp! - standard.iat!, 3600);
    const full = await verify("audience=https://service.example&format=full&licenses=TRUE");
    const engine = (full.google as { compute_engine: Record<string, unknown> }).compute_engine;
    assert.equal(engine.project_id, "emulated-project");
    assert.equal(engine.project_number, 123456789012);
    assert.deepEqual(engine.license_id, []);
  });
});

Deno.test("startEmulator() metadata options are checked", async () => {
  await assert.rejects(
    withEmulator({ metadata: { serviceAccount: "x@p.iam.gserviceaccount.com" } }, () => {}),
    /"metadata\.serviceAccount" names "x@p/,
  );
  await assert.rejects(
    withEmulator({ metadata: { scopes: [] } }, () => {}),
    /"metadata\.scopes"/,
  );
});
