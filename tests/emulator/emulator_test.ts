// The emulator as a whole: its environment, the requests it records, the faults it injects at
// the socket, option validation, and that it listens on loopback only.
import assert from "node:assert/strict";
import { startEmulator } from "../../emulator/mod.ts";
import { githubToken, withEmulator } from "../../tools/emulator_calls.ts";

Deno.test("startEmulator() hands back a runner's environment on 127.0.0.1", async () => {
  await withEmulator({ github: { requestToken: "runner-token" } }, (emulator) => {
    assert.match(emulator.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(Object.keys(emulator.env).sort(), [
      "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
      "ACTIONS_ID_TOKEN_REQUEST_URL",
      "GCE_METADATA_HOST",
      "GCE_METADATA_IP",
      "GHA_ENDPOINT_OVERRIDE_iamcredentials",
      "GHA_ENDPOINT_OVERRIDE_oauth2",
      "GHA_ENDPOINT_OVERRIDE_sts",
    ]);
    assert.equal(emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN, "runner-token");
    assert.equal(emulator.env.GCE_METADATA_HOST, emulator.url.slice("http://".length));
    assert.equal(emulator.metadataHost, emulator.env.GCE_METADATA_HOST);
    assert.match(emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL!, /\?api-version=2\.0$/);
    assert.deepEqual(emulator.oidcRequest, {
      url: emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL,
      token: "runner-token",
    });
    for (const value of Object.values(emulator.endpoints)) {
      assert.ok(value.startsWith(emulator.url));
    }
  });
});

Deno.test("startEmulator() records every request with its route, headers and body", async () => {
  await withEmulator({}, async (emulator) => {
    await githubToken(emulator, "aud");
    const missing = await fetch(`${emulator.url}/nowhere`, { method: "POST", body: "x" });
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).error.status, "NOT_FOUND");
    const [oidc, other] = emulator.requests;
    assert.equal(oidc!.route, "oidc");
    assert.equal(oidc!.method, "GET");
    assert.match(oidc!.headers.authorization!, /^Bearer /);
    assert.equal(new URL(oidc!.url).searchParams.get("audience"), "aud");
    assert.equal(other!.route, undefined);
    assert.equal(other!.path, "/nowhere");
    assert.equal(other!.body, "x");
  });
});

Deno.test("startEmulator() injects faults in order, a given number of times", async () => {
  await withEmulator({}, async (emulator) => {
    emulator.injectFault("oidc", {
      status: 503,
      body: "busy",
      headers: { "retry-after": "1" },
      times: 1,
    });
    emulator.injectFault("oidc", { reset: true, times: 1 });
    emulator.injectFault("oidc", { truncate: true, times: 1 });
    emulator.injectFault("oidc", { delayMs: 150, times: 1 });
    const url = emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL!;
    const headers = { authorization: `Bearer ${emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` };

    const busy = await fetch(url, { headers });
    assert.equal(busy.status, 503);
    assert.equal(busy.headers.get("retry-after"), "1");
    assert.equal(await busy.text(), "busy");
    await assert.rejects(fetch(url, { headers }), TypeError, "reset");
    const truncated = await fetch(url, { headers });
    assert.equal(truncated.status, 200);
    await assert.rejects(truncated.text());
    const started = performance.now();
    const slow = await fetch(url, { headers });
    assert.equal(slow.status, 200);
    assert.ok(performance.now() - started >= 140);
    assert.equal(typeof (await slow.json()).value, "string");
    const healthy = await fetch(url, { headers });
    assert.equal(healthy.status, 200);
    await healthy.body?.cancel();

    emulator.injectFault("sts", { status: 500 });
    emulator.clearFaults();
    const sts = await fetch(`${emulator.endpoints.sts}/token`, { method: "POST" });
    assert.equal(sts.status, 400, "no fault after clearFaults()");
    await sts.body?.cancel();
    assert.throws(() => emulator.injectFault("sts", { status: 500, times: 0 }), RangeError);
  });
});

Deno.test("injectFault() throws for a name that is not a route, listing the routes", async () => {
  await withEmulator({}, (emulator) => {
    for (const route of ["oauth2", "generateAccessTokens", "", "toString"]) {
      assert.throws(
        // deno-lint-ignore no-explicit-any
        () => emulator.injectFault(route as any, { status: 500 }),
        (error: Error) =>
          error instanceof TypeError &&
          error.message.includes(`${JSON.stringify(route)} is not a route`) &&
          error.message.includes("oauth2Token"),
      );
    }
    emulator.injectFault("oauth2Token", { status: 500, times: 1 });
    // A misspelt field would make a fault that changes nothing.
    assert.throws(
      () => emulator.injectFault("sts", { stauts: 500 } as never),
      { name: "TypeError", message: /"stauts" is not an option: use one of status,/ },
    );
  });
});

Deno.test("the methods that take options refuse a name they do not take, listing theirs", async () => {
  await withEmulator({}, async (emulator) => {
    await assert.rejects(emulator.authorizedUser({ scope: ["x"] } as never), {
      name: "TypeError",
      message: /authorizedUser\(\): "scope" is not an option: use one of scopes, quotaProjectId/,
    });
    await assert.rejects(
      emulator.iapJwt({ audience: "/projects/1/apps/a", emial: "u@example.com" } as never),
      { name: "TypeError", message: /iapJwt\(\): "emial" is not an option/ },
    );
    assert.throws(() => emulator.aws.credentialsFile({ imdsV2: true } as never), {
      name: "TypeError",
      message: /aws\.credentialsFile\(\): "imdsV2" is not an option: use one of imdsv2,/,
    });
    assert.match(await emulator.authorizedUser({ scopes: ["x"] }), /authorized_user/);
  });
});

Deno.test("startEmulator() rejects invalid options with the option's name", async (t) => {
  const cases: [string, Parameters<typeof startEmulator>[0], RegExp][] = [
    ["port", { port: 70000 }, /"port"/],
    ["universe", { universe: "not a domain" }, /"universe"/],
    ["provider name", { provider: { name: "projects/my-project/x" } }, /"provider\.name"/],
    [
      "condition",
      { provider: { attributeCondition: "assertion.sub ==" } },
      /"provider\.attributeCondition" is not valid CEL/,
    ],
    ["mapping without subject", {
      provider: { attributeMapping: { "attribute.a": "assertion.sub" } },
    }, /google\.subject/],
    ["mapping target", {
      provider: { attributeMapping: { "google.subject": "assertion.sub", "x": "1" } },
    }, /attribute\.<name>/],
    ["service accounts", { serviceAccounts: ["Not An Email"] }, /"serviceAccounts"/],
    ["claims", { github: { claims: { ref: 1 as unknown as string } } }, /"github\.claims\.ref"/],
    ["empty request token", { github: { requestToken: "" } }, /"github\.requestToken"/],
    ["binding of an unknown account", {
      bindings: [{
        serviceAccount: "other@p.iam.gserviceaccount.com",
        role: "roles/iam.serviceAccountTokenCreator",
        members: ["serviceAccount:x@p.iam.gserviceaccount.com"],
      }],
    }, /"bindings\[0\]\.serviceAccount" names "other@p/],
    ["unknown role", {
      bindings: [{
        serviceAccount: "ci@emulated-project.iam.gserviceaccount.com",
        role: "toString",
        members: ["serviceAccount:x@p.iam.gserviceaccount.com"],
      }],
    }, /"bindings\[0\]\.role" is "toString"/],
    ["delegation of an unknown account", {
      domainWideDelegation: { "other@p.iam.gserviceaccount.com": ["https://mail.google.com/"] },
    }, /"domainWideDelegation" names "other@p/],
    // A misspelt option would do nothing, and the test it sets up would pass without its effect.
    ["a misspelt option", { prot: 8080 } as never, /"prot" is not an option: use one of port,/],
    [
      "a misspelt nested option",
      { github: { immutableSubjct: true } } as never,
      /"github\.immutableSubjct" is not an option: use one of claims, immutableSubject,/,
    ],
    [
      "a misspelt option of a list item",
      { aws: { users: [{ nam: "ci" }] } } as never,
      /"aws\.users\[0\]\.nam" is not an option: use one of name,/,
    ],
  ];
  for (const [name, options, message] of cases) {
    await t.step(name, async () => {
      await assert.rejects(startEmulator(options), (error: Error) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, message);
        return true;
      });
    });
  }
});

Deno.test("startEmulator() closes at the end of an await using block", async () => {
  let url = "";
  {
    await using emulator = await startEmulator();
    url = emulator.url;
    const root = await fetch(`${url}/`);
    assert.equal(root.status, 200);
    await root.body?.cancel();
  }
  await assert.rejects(fetch(`${url}/`), TypeError);
});

Deno.test("the README names the emulator's real default service account", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const named = [...readme.matchAll(/serviceAccount: emulator\.serviceAccount, \/\/ "([^"]+)"/g)];
  assert.ok(named.length > 0);
  await withEmulator({}, (emulator) => {
    for (const [, email] of named) assert.equal(email, emulator.serviceAccount);
  });
});
