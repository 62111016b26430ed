// authenticate() over real loopback sockets against the emulator: every flow, request reasons on
// every Google call, Google's rejections and transport faults. Load: authenticate_test.ts.
import assert from "node:assert/strict";
import { authenticate, type AuthenticateOptions, GoogleApiError } from "../../../auth/mod.ts";
import type { Emulator, EmulatorOptions } from "../../../emulator/mod.ts";
import { requestSecrets } from "../../support/secrets.ts";
import { claimsOf, wifOptions as wif, withEmulator } from "../../../tools/emulator_calls.ts";

/**
 * Watches flows for leaks: pass `options` to authenticate(); `assertClean()` fails when a secret
 * (anything given to `onSecret`, the runner's request token, a bearer, subject token or assertion
 * the emulator received) appears in a log line or in one of `errors` (message, hint, fields, causes).
 */
function leakWatch(emulator: Emulator) {
  const secrets: string[] = [emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN!];
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);
  return {
    options: {
      onSecret: (secret: string) => void secrets.push(secret),
      log: { debug: log, info: log, notice: log },
    } satisfies Partial<AuthenticateOptions>,
    assertClean(errors: unknown[] = []): void {
      secrets.push(...requestSecrets(emulator.requests));
      const texts = [...lines];
      for (let error of errors) {
        while (error instanceof Error) {
          texts.push(
            String(error),
            JSON.stringify(error),
            String((error as { hint?: string }).hint),
          );
          error = error.cause;
        }
      }
      assert.ok(lines.length > 0, "the flows logged something");
      for (const secret of new Set(secrets)) {
        for (const text of texts) {
          assert.ok(!text.includes(secret), `a secret leaked into: ${text}`);
        }
      }
    },
  };
}

Deno.test("authenticate() runs every flow against the emulator", async (t) => {
  await withEmulator({}, async (emulator) => {
    const sa = emulator.serviceAccount;
    const watch = leakWatch(emulator);
    await t.step("Direct WIF: auth token, and access token = federated token", async () => {
      const direct = await authenticate(wif(emulator, {
        ...watch.options,
        serviceAccount: undefined,
      }));
      assert.equal(emulator.tokenInfo(direct.authToken)?.kind, "federated");
      assert.equal(direct.accessToken, direct.authToken);
      assert.ok(direct.accessTokenExpiresAt instanceof Date);
    });
    await t.step("WIF + service account access token, custom lifetime and scopes", async () => {
      const scope = "https://www.googleapis.com/auth/cloud-platform.read-only";
      const result = await authenticate(
        wif(emulator, {
          ...watch.options,
          accessTokenLifetimeSeconds: 1200,
          accessTokenScopes: [scope],
        }),
      );
      const info = emulator.tokenInfo(result.accessToken!)!;
      assert.deepEqual([info.kind, info.principal, info.scopes], ["service_account", sa, [scope]]);
      const seconds = (result.accessTokenExpiresAt!.getTime() - Date.now()) / 1000;
      assert.ok(seconds > 1190 && seconds <= 1200, `expires in ${seconds} s`);
    });
    await t.step("WIF + service account ID token with and without email", async () => {
      for (const idTokenIncludeEmail of [true, false]) {
        const result = await authenticate(wif(emulator, {
          ...watch.options,
          tokenFormat: "id_token",
          idTokenAudience: "https://svc.example",
          idTokenIncludeEmail,
        }));
        const claims = claimsOf(result.idToken!);
        assert.equal(claims.aud, "https://svc.example");
        assert.equal(claims.email, idTokenIncludeEmail ? sa : undefined);
      }
    });
    await t.step("key mode: none, access token, ID token", async () => {
      const credentialsJson = await emulator.serviceAccountKey();
      const endpoints = emulator.endpoints;
      const before = emulator.requests.length;
      const none = await authenticate({ credentialsJson, endpoints, ...watch.options });
      assert.equal(none.credentialsFile.type, "service_account");
      assert.equal(emulator.requests.length, before, "key mode without a token sends nothing");
      const access = await authenticate({
        ...watch.options,
        credentialsJson,
        endpoints,
        tokenFormat: "access_token",
      });
      assert.equal(emulator.tokenInfo(access.accessToken!)?.principal, sa);
      const id = await authenticate({
        ...watch.options,
        credentialsJson,
        endpoints,
        tokenFormat: "id_token",
        idTokenAudience: "https://svc.example",
      });
      assert.equal(claimsOf(id.idToken!).aud, "https://svc.example");
    });
    await t.step("domain-wide delegation in both modes", async () => {
      const wifDwd = await authenticate(wif(emulator, {
        ...watch.options,
        accessTokenSubject: "admin@example.com",
      }));
      assert.equal(emulator.tokenInfo(wifDwd.accessToken!)?.subject, "admin@example.com");
      const keyDwd = await authenticate({
        ...watch.options,
        credentialsJson: await emulator.serviceAccountKey(),
        endpoints: emulator.endpoints,
        tokenFormat: "access_token",
        accessTokenSubject: "user@example.com",
      });
      const info = emulator.tokenInfo(keyDwd.accessToken!)!;
      assert.deepEqual([info.kind, info.principal, info.subject], [
        "delegated",
        sa,
        "user@example.com",
      ]);
    });
  });
});

Deno.test("authenticate() follows a non-default universe end to end", async () => {
  const universe = "example-universe.com";
  await withEmulator({ universe }, async (emulator) => {
    for (const subject of [undefined, "admin@example.com"]) {
      const result = await authenticate(wif(emulator, {
        universe,
        ...(subject === undefined ? {} : { accessTokenSubject: subject }),
      }));
      assert.equal(emulator.tokenInfo(result.accessToken!)?.subject, subject);
    }
    const oidc = emulator.requests.find((r) => r.route === "oidc")!;
    assert.equal(
      new URL(oidc.url).searchParams.get("audience"),
      `https://iam.${universe}/${emulator.provider}`,
    );
    const sts = JSON.parse(emulator.requests.find((r) => r.route === "sts")!.body);
    assert.equal(sts.audience, `//iam.${universe}/${emulator.provider}`);
    assert.equal(sts.scope, `https://www.${universe}/auth/cloud-platform`);
    const signed = JSON.parse(emulator.requests.find((r) => r.route === "signJwt")!.body);
    assert.equal(JSON.parse(signed.payload).aud, `https://oauth2.${universe}/token`);
  });
});

Deno.test("authenticate() impersonates through a delegation chain given as bare emails", async () => {
  const [hop, target] = ["hop", "target"].map((n) =>
    `${n}@emulated-project.iam.gserviceaccount.com`
  );
  const everyone =
    "principalSet://iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/*";
  const creator = "roles/iam.serviceAccountTokenCreator";
  await withEmulator({
    serviceAccounts: [hop!, target!],
    bindings: [
      { serviceAccount: hop!, role: creator, members: [everyone] },
      { serviceAccount: target!, role: creator, members: [`serviceAccount:${hop}`] },
    ],
  }, async (emulator) => {
    const result = await authenticate(wif(emulator, { serviceAccount: target, delegates: [hop!] }));
    assert.equal(emulator.tokenInfo(result.accessToken!)?.principal, target);
    const body = JSON.parse(emulator.requests.at(-1)!.body);
    assert.deepEqual(body.delegates, [`projects/-/serviceAccounts/${hop}`]);
    const direct = await authenticate(wif(emulator, { serviceAccount: target })).then(
      () => undefined,
      (e) => e,
    );
    assert.equal(direct?.status, 403, "the chain is what grants access");
  });
});

Deno.test("authenticate() sends the request reason on every Google call and never to GitHub", async () => {
  await withEmulator({}, async (emulator) => {
    const reason = "change-1234";
    const key = await emulator.serviceAccountKey();
    const flows: Partial<AuthenticateOptions>[] = [
      {},
      { tokenFormat: "id_token", idTokenAudience: "https://svc" },
      { accessTokenSubject: "admin@example.com" },
      { serviceAccount: undefined },
    ];
    for (const flow of flows) await authenticate(wif(emulator, { requestReason: reason, ...flow }));
    for (const subject of [undefined, "u@example.com"]) {
      await authenticate({
        credentialsJson: key,
        endpoints: emulator.endpoints,
        tokenFormat: "access_token",
        requestReason: reason,
        ...(subject === undefined ? {} : { accessTokenSubject: subject }),
      });
    }
    const google = emulator.requests.filter((r) => r.route !== "oidc");
    // Every kind of Google call the flows make is among the requests checked below.
    const kinds = ["sts", "generateAccessToken", "generateIdToken", "signJwt", "oauth2Token"];
    assert.deepEqual(new Set(google.map((r) => r.route)), new Set(kinds));
    for (const request of google) {
      assert.equal(request.headers["x-goog-request-reason"], reason, request.path);
    }
    const github = emulator.requests.filter((r) => r.route === "oidc");
    assert.equal(github.length, flows.length, "one OIDC token per federated flow");
    for (const request of github) {
      assert.equal(request.headers["x-goog-request-reason"], undefined);
    }
  });
});

Deno.test("authenticate() reports Google's rejections once, with status and hint, and no secret", async (t) => {
  const condition = "assertion.repository_owner == 'octo-org'";
  const rejections = async (
    options: EmulatorOptions,
    steps: (
      fail: (extra: Partial<AuthenticateOptions>) => Promise<GoogleApiError>,
      emulator: Emulator,
    ) => Promise<void>,
  ) =>
    await withEmulator(options, async (emulator) => {
      const watch = leakWatch(emulator);
      const errors: unknown[] = [];
      await steps(async (extra) => {
        const error = await authenticate(wif(emulator, { ...watch.options, ...extra })).then(
          () => assert.fail("the flow succeeded"),
          (e) => e,
        );
        assert.ok(error instanceof GoogleApiError, String(error));
        errors.push(error);
        return error;
      }, emulator);
      watch.assertClean(errors);
    });
  await rejections({ provider: { attributeCondition: condition } }, async (fail, emulator) => {
    await t.step("a missing role: 403 PERMISSION_DENIED, not retried", async () => {
      const before = emulator.requests.length;
      const error = await fail({
        serviceAccount: "other@emulated-project.iam.gserviceaccount.com",
      });
      assert.equal(error.code, "ERR_IAM_ACCESS_TOKEN_FAILED");
      assert.equal(error.status, 403);
      assert.equal(error.googleStatus, "PERMISSION_DENIED");
      assert.match(error.hint, /roles\/iam\.serviceAccountTokenCreator/);
      assert.equal(emulator.requests.length - before, 3);
    });
    await t.step("a wrong OIDC audience is rejected by STS", async () => {
      const error = await fail({ audience: "https://wrong.example" });
      assert.equal(error.code, "ERR_STS_EXCHANGE_FAILED");
      assert.match(error.hint, /audience/);
    });
    await t.step("a lifetime over 1 hour without the org policy", async () => {
      const error = await fail({ accessTokenLifetimeSeconds: 7200 });
      assert.equal(error.status, 400);
      assert.match(error.message, /allowServiceAccountCredentialLifetimeExtension/);
      // The org policy is what is missing, not a role.
      assert.match(
        error.hint,
        /org policy constraints\/iam\.allowServiceAccountCredentialLifetimeExtension/,
      );
      assert.doesNotMatch(error.hint, /serviceAccountTokenCreator/);
    });
  });
  await rejections({
    provider: { attributeCondition: condition },
    github: { claims: { repository: "someone/fork" } },
  }, async (fail) => {
    await t.step("an attribute condition rejection lists the token's claims", async () => {
      const error = await fail({});
      assert.match(error.message, /rejected by the attribute condition/);
      assert.match(error.hint, /repository_owner="someone"/);
      assert.match(error.hint, /sub="repo:someone\/fork:ref:refs\/heads\/main"/);
      assert.match(error.hint, /repository_id="2000002", repository_owner_id="1000001"/);
      assert.doesNotMatch(error.hint, /immutable/, "a name-only sub gets no immutable note");
    });
  });
  // A repository created after 2026-07-15: the condition on the name-only sub stops matching.
  await rejections({
    provider: {
      attributeCondition: "assertion.sub == 'repo:octo-org/octo-repo:ref:refs/heads/main'",
    },
    github: { immutableSubject: true, claims: { repository_id: "987654" } },
  }, async (fail) => {
    await t.step("an immutable sub: the hint says so and how to write the condition", async () => {
      const error = await fail({});
      assert.match(error.message, /rejected by the attribute condition/);
      assert.match(
        error.hint,
        /sub="repo:octo-org@1000001\/octo-repo@987654:ref:refs\/heads\/main"/,
      );
      assert.match(error.hint, /GitHub's immutable subject format/);
      assert.match(error.hint, /assertion\.repository_id == '987654'/);
    });
  });
});

Deno.test("authenticate() recovers from resets, truncated bodies, slow answers and 429/503", async (t) => {
  await withEmulator({}, async (emulator) => {
    const faults = [
      ["reset", { reset: true, times: 1 }],
      ["truncated", { truncate: true, times: 1 }],
      ["slow past the timeout", { delayMs: 1_000, times: 1 }],
      ["503 twice, Retry-After 0", { status: 503, headers: { "retry-after": "0" }, times: 2 }],
      ["429, Retry-After 0", { status: 429, headers: { "retry-after": "0" }, times: 1 }],
    ] as const;
    // A clean run first, so no timed case pays for the emulator's and the client's first use.
    assert.ok(emulator.tokenInfo((await authenticate(wif(emulator))).accessToken!));
    for (const route of ["oidc", "sts", "generateAccessToken"] as const) {
      for (const [name, fault] of faults) {
        await t.step(`${route}: ${name}`, async () => {
          emulator.injectFault(route, fault);
          const before = emulator.requests.filter((r) => r.route === route).length;
          const result = await authenticate(wif(emulator, { timeoutMs: 500 }));
          assert.ok(emulator.tokenInfo(result.accessToken!));
          const attempts = emulator.requests.filter((r) => r.route === route).length - before;
          assert.equal(attempts, fault.times + 1);
        });
      }
    }
  });
});
