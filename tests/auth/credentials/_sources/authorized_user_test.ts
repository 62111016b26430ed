// authorized_user credentials with a fake fetch: the refresh_token grant, ID tokens, and a
// rejected or echoed refresh that leaks no secret of the file.
import assert from "node:assert/strict";
import { credentialsFromJson } from "../../../../auth/mod.ts";
import { routeFetch } from "../../../support/fake_fetch.ts";
import { jwt, T0 } from "../../../support/credential_sources.ts";

Deno.test("authorized_user: refresh_token grant fields, and an ID token with target_audience", async () => {
  const { fetch, requests } = routeFetch({
    "/token": (request) =>
      new URLSearchParams(request.body).has("target_audience")
        ? Response.json({ id_token: jwt({ exp: T0 / 1000 + 60 }) })
        : Response.json({ access_token: "ya29.user", expires_in: 3600 }),
  });
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  }, { fetch, now: () => T0, scopes: ["ignored"] });
  await credentials.getAccessToken();
  assert.equal(requests[0]!.url.href, "https://oauth2.googleapis.com/token");
  assert.deepEqual(Object.fromEntries(new URLSearchParams(requests[0]!.body)), {
    grant_type: "refresh_token",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  });
  const id = await credentials.getIdToken("https://run.example");
  assert.equal(id.expiresAt.getTime(), T0 + 60_000);
  assert.equal(
    new URLSearchParams(requests[1]!.body).get("target_audience"),
    "https://run.example",
  );
});

Deno.test("a rejected refresh token is an error with no secret of the file in it", async () => {
  const { fetch } = routeFetch({
    "/token": (request) =>
      Response.json({
        error: "invalid_grant",
        error_description: `Bad token ${new URLSearchParams(request.body).get("refresh_token")}`,
      }, { status: 400 }),
  });
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  }, { fetch });
  await assert.rejects(
    credentials.getAccessToken(),
    (error: Error & { hint: string; googleMessage: string }) => {
      const text = `${error.message} ${error.hint} ${error.googleMessage}`;
      assert.ok(
        !text.includes("refresh-token-value") && !text.includes("client-secret-value"),
        text,
      );
      assert.match(error.message, /invalid_grant/);
      return true;
    },
  );
});

Deno.test("a token endpoint that echoes the form body leaks no secret in any encoding", async (t) => {
  const file = {
    type: "authorized_user",
    client_id: "cid",
    client_secret: "GOCSPX-client/secret+value",
    refresh_token: "1//0gRefresh-token/value",
  };
  const answers: [string, (body: string) => Response][] = [
    ["as text", (body) => new Response(`cannot parse ${body}`, { status: 400 })],
    [
      "in error_description",
      (body) => Response.json({ error: "invalid_grant", error_description: body }, { status: 400 }),
    ],
    [
      "as JSON",
      (body) => Response.json({ error: { message: JSON.stringify({ body }) } }, { status: 400 }),
    ],
  ];
  for (const [name, answer] of answers) {
    await t.step(name, async () => {
      const { fetch } = routeFetch({ "/token": (request) => answer(request.body) });
      await assert.rejects(
        credentialsFromJson(file, { fetch }).getAccessToken(),
        (error: Error) => {
          const text = JSON.stringify({ ...error, message: error.message });
          for (const secret of [file.client_secret, file.refresh_token]) {
            for (
              const form of [secret, encodeURIComponent(secret), secret.replaceAll("/", "\\/")]
            ) {
              assert.ok(!text.includes(form), `${form} in ${text}`);
            }
          }
          return true;
        },
      );
    });
  }
});

Deno.test("authorized_user: an ID token comes with a notice, once, that its aud is the client id", async () => {
  const { fetch } = routeFetch({
    "/token": () => Response.json({ id_token: jwt({ exp: T0 / 1000 + 3600, aud: "cid" }) }),
  });
  const lines: string[] = [];
  const log = { debug: () => {}, info: () => {}, notice: (line: string) => lines.push(line) };
  const credentials = credentialsFromJson({
    type: "authorized_user",
    client_id: "cid",
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  }, { fetch, now: () => T0, log });
  await credentials.getIdToken("https://run.example");
  await credentials.getIdToken("https://other.example");
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /aud is the OAuth client id cid, not https:\/\/run\.example/);
  assert.match(lines[0]!, /--impersonate-service-account/);
  assert.ok(!lines[0]!.includes("client-secret-value") && !lines[0]!.includes("refresh-token"));
  // Without notice, info gets it.
  const infos: string[] = [];
  await credentialsFromJson({
    type: "authorized_user",
    client_id: "cid",
    client_secret: "s",
    refresh_token: "r",
  }, { fetch, now: () => T0, log: { debug: () => {}, info: (line) => infos.push(line) } })
    .getIdToken("https://run.example");
  assert.equal(infos.length, 1);
});
