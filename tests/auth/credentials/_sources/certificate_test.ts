// X.509 certificate sources: the subject token (the leaf and the chain as standard base64 DER, the
// leaf once), where the certificate configuration is looked for, what is read (no key with a
// caller's fetch), the mutual TLS exchange against the emulator with a fetch that presents the
// certificate (as a Worker's mtls_certificates binding does) and with Deno's own client, and every
// failure a named error that quotes no certificate or key bytes.
import assert from "node:assert/strict";
import { AuthError, credentialsFromJson, type FetchLike } from "../../../../auth/mod.ts";
import {
  certificateSubjectToken,
  pemCertificates,
} from "../../../../auth/credentials/_sources/certificate.ts";
import { startEmulator } from "../../../../emulator/mod.ts";
import { fakeFiles } from "../../../support/fake_files.ts";
import { makePki } from "../../../../emulator/_core/x509_pki.ts";

const MTLS = "urn:ietf:params:oauth:token-type:mtls";
const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x509";

function der(pem: string): Uint8Array {
  return pemCertificates(pem, "test")[0]!;
}

function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** A file of a certificate source with `certificate`'s fields. */
function x509File(certificate: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    type: "external_account",
    audience: AUDIENCE,
    subject_token_type: MTLS,
    credential_source: { certificate },
    ...extra,
  };
}

/** A fetch that answers STS and records the URL and body. */
/** An STS call's URL and the fields of its JSON body this test reads. */
interface StsCall {
  url: string;
  body: { subjectToken: string; subjectTokenType: string };
}

function stsFetch(): { fetch: FetchLike<Response>; calls: StsCall[] } {
  const calls: StsCall[] = [];
  const fetch: FetchLike<Response> = (input, init) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3600 }));
  };
  return { fetch, calls };
}

// A workload's certificate, its intermediate CA and key, as the emulator makes them.
const {
  workload: { certificate, privateKey },
  intermediate,
} = await makePki(Date.now(), "unit-workload");

const CONFIG = JSON.stringify({
  cert_configs: { workload: { cert_path: "/certs/cert.pem", key_path: "/certs/key.pem" } },
});

Deno.test("the subject token: the leaf, then the chain; a chain with the leaf on top is sent as it is", () => {
  const leaf = der(certificate);
  const middle = der(intermediate);
  assert.equal(certificateSubjectToken(leaf, undefined), JSON.stringify([base64(leaf)]));
  assert.equal(
    certificateSubjectToken(leaf, [middle]),
    JSON.stringify([base64(leaf), base64(middle)]),
  );
  assert.equal(
    certificateSubjectToken(leaf, [leaf, middle]),
    JSON.stringify([base64(leaf), base64(middle)]),
  );
  assert.throws(() => certificateSubjectToken(leaf, [middle, leaf], 'file "/c"'), {
    code: "ERR_SUBJECT_TOKEN_FAILED",
    message: /leaf certificate is in file "\/c" at index 1; it may only be its first entry/,
  });
  // Standard base64 (+ and /), never base64url, as Google's libraries send it.
  assert.ok(
    JSON.parse(certificateSubjectToken(leaf, [middle])).every((entry: string) =>
      /^[A-Za-z0-9+/]+=*$/.test(entry)
    ),
  );
});

Deno.test("a PEM block that is not one DER certificate is named by file and index, never quoted", () => {
  const broken = "-----BEGIN CERTIFICATE-----\nc2VjcmV0LWJ5dGVz\n-----END CERTIFICATE-----\n";
  assert.throws(() => pemCertificates(broken, 'the certificate file "/c.pem"'), (error) => {
    assert.ok(error instanceof AuthError);
    assert.equal(error.code, "ERR_SUBJECT_TOKEN_FAILED");
    assert.match(error.message, /certificate at index 0 of the certificate file "\/c.pem"/);
    assert.ok(!error.message.includes("c2VjcmV0"));
    return true;
  });
});

Deno.test("the certificate configuration: the file's, else GOOGLE_API_CERTIFICATE_CONFIG, else gcloud's folder", async (t) => {
  const files = { "/certs/cert.pem": certificate, "/certs/key.pem": privateKey };
  const cases: [string, Record<string, unknown>, Record<string, string>, string][] = [
    ["certificate_config_location", { certificate_config_location: "/named.json" }, {
      GOOGLE_API_CERTIFICATE_CONFIG: "/env.json",
    }, "/named.json"],
    ["GOOGLE_API_CERTIFICATE_CONFIG", { use_default_certificate_config: true }, {
      GOOGLE_API_CERTIFICATE_CONFIG: "/env.json",
      CLOUDSDK_CONFIG: "/gcloud",
    }, "/env.json"],
    ["CLOUDSDK_CONFIG", { use_default_certificate_config: true }, {
      CLOUDSDK_CONFIG: "/gcloud",
      HOME: "/home/u",
    }, "/gcloud/certificate_config.json"],
    [
      "HOME",
      { use_default_certificate_config: true },
      { HOME: "/home/u" },
      "/home/u/.config/gcloud/certificate_config.json",
    ],
  ];
  for (const [name, source, env, configPath] of cases) {
    await t.step(name, async () => {
      const { readFile, read } = fakeFiles({ ...files, [configPath]: CONFIG });
      const { fetch, calls } = stsFetch();
      const credentials = credentialsFromJson(x509File(source), { readFile, env, fetch });
      assert.equal((await credentials.getAccessToken()).token, "federated");
      // The caller's fetch presents the certificate: the key is not read.
      assert.deepEqual(read, [configPath, "/certs/cert.pem"]);
      assert.equal(calls[0]!.url, "https://sts.mtls.googleapis.com/v1/token");
      assert.equal(calls[0]!.body.subjectTokenType, MTLS);
      assert.deepEqual(JSON.parse(calls[0]!.body.subjectToken), [base64(der(certificate))]);
    });
  }
});

Deno.test("the trust chain file is read at each token, and a leaf further down is refused", async () => {
  const { readFile, read } = fakeFiles({
    "/c.json": CONFIG,
    "/certs/cert.pem": certificate,
    "/chain.pem": `${intermediate}${certificate}`,
  });
  const { fetch } = stsFetch();
  const credentials = credentialsFromJson(
    x509File({ certificate_config_location: "/c.json", trust_chain_path: "/chain.pem" }),
    { readFile, fetch },
  );
  await assert.rejects(credentials.getAccessToken(), {
    code: "ERR_SUBJECT_TOKEN_FAILED",
    message: /leaf certificate is in the trust chain file "\/chain.pem" at index 1/,
  });
  assert.ok(read.includes("/chain.pem"));
});

Deno.test("a certificate source's failures name the file and say why, without its bytes", async (t) => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["no configuration", {}, /Failed to read the certificate configuration "\/c.json": ENOENT/],
    [
      "a configuration that is not JSON",
      { "/c.json": "{" },
      /configuration file "\/c.json" is not JSON/,
    ],
    [
      "a configuration without a workload",
      { "/c.json": '{"cert_configs":{}}' },
      /"\/c.json" has no "cert_configs.workload" with "cert_path" and "key_path"/,
    ],
    [
      "no certificate file",
      { "/c.json": CONFIG },
      /the certificate file "\/certs\/cert.pem": ENOENT/,
    ],
    [
      "a certificate file without a certificate",
      { "/c.json": CONFIG, "/certs/cert.pem": privateKey },
      /the certificate file "\/certs\/cert.pem" holds no PEM certificate/,
    ],
  ];
  for (const [name, files, message] of cases) {
    await t.step(name, async () => {
      const { readFile } = fakeFiles(files);
      const credentials = credentialsFromJson(
        x509File({ certificate_config_location: "/c.json" }),
        { readFile, fetch: stsFetch().fetch },
      );
      await assert.rejects(credentials.getAccessToken(), (error) => {
        assert.ok(error instanceof AuthError);
        assert.equal(error.code, "ERR_SUBJECT_TOKEN_FAILED");
        assert.match(error.message, message);
        assert.ok(!error.message.includes("PRIVATE KEY"));
        return true;
      });
    });
  }
});

Deno.test("without a caller's fetch the key is read, and a bad key is named, never quoted", async (t) => {
  const keyBody = privateKey.split("\n").slice(1, -2).join("\n");
  const cases: [string, string, RegExp][] = [
    [
      "not a PEM key",
      "secret-looking-text",
      /the private key file "\/certs\/key.pem" holds no unencrypted PEM private key/,
    ],
    [
      "a PEM key the runtime refuses",
      "-----BEGIN PRIVATE KEY-----\nc2VjcmV0LWtleS1ieXRlcw==\n-----END PRIVATE KEY-----\n",
      /The runtime refused the certificate file "\/certs\/cert.pem" with the private key file "\/certs\/key.pem"/,
    ],
  ];
  for (const [name, key, message] of cases) {
    await t.step(name, async () => {
      const { readFile } = fakeFiles({
        "/c.json": CONFIG,
        "/certs/cert.pem": certificate,
        "/certs/key.pem": key,
      });
      const credentials = credentialsFromJson(
        x509File({ certificate_config_location: "/c.json" }),
        {
          readFile,
        },
      );
      await assert.rejects(credentials.getAccessToken(), (error) => {
        assert.ok(error instanceof AuthError);
        assert.match(error.message, message);
        for (
          const secret of ["secret-looking-text", "c2VjcmV0LWtleS1ieXRlcw", keyBody.slice(0, 40)]
        ) {
          assert.ok(!`${error.message} ${error.stack}`.includes(secret));
        }
        return true;
      });
    });
  }
});

Deno.test("refuseLocalSources refuses a certificate source before any read", () => {
  assert.throws(
    () =>
      credentialsFromJson(x509File({ use_default_certificate_config: true }), {
        refuseLocalSources: true,
      }),
    { code: "ERR_CREDENTIALS_SOURCE_REFUSED", message: /"certificate" reads the local machine/ },
  );
});

Deno.test("a fetch that presents the certificate gets tokens from the emulator's mutual TLS STS", async () => {
  await using emulator = await startEmulator();
  const { certificate, privateKey } = emulator.x509;
  // What a Worker's mtls_certificates binding is: a fetch bound to a client certificate.
  const client = Deno.createHttpClient({
    cert: certificate,
    key: privateKey,
    caCerts: [emulator.x509.serverCa],
  });
  try {
    const { readFile } = fakeFiles({ "/c.json": CONFIG, "/certs/cert.pem": certificate });
    const credentials = credentialsFromJson(
      JSON.parse(emulator.x509.credentialsFile({
        certificateConfigLocation: "/c.json",
        serviceAccount: emulator.serviceAccount,
      })),
      { readFile, fetch: (input, init) => fetch(input, { ...init, client }) },
    );
    const info = emulator.tokenInfo((await credentials.getAccessToken()).token);
    assert.equal(info?.principal, emulator.serviceAccount);
  } finally {
    client.close();
  }
});

Deno.test("gcloud's file as it is: STS and IAM Credentials at their mTLS hosts, through the one fetch", async () => {
  const { readFile } = fakeFiles({ "/c.json": CONFIG, "/certs/cert.pem": certificate });
  const urls: string[] = [];
  const fetch: FetchLike<Response> = (input) => {
    urls.push(String(input));
    return Promise.resolve(
      urls.length === 1
        ? Response.json({ access_token: "federated", expires_in: 3600 })
        : Response.json({ accessToken: "impersonated", expireTime: "2099-01-01T00:00:00Z" }),
    );
  };
  const credentials = credentialsFromJson(
    x509File({ certificate_config_location: "/c.json" }, {
      token_url: "https://sts.mtls.googleapis.com/v1/token",
      service_account_impersonation_url:
        "https://iamcredentials.mtls.googleapis.com/v1/projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com:generateAccessToken",
    }),
    { readFile, fetch },
  );
  assert.equal((await credentials.getAccessToken()).token, "impersonated");
  assert.deepEqual(urls, [
    "https://sts.mtls.googleapis.com/v1/token",
    "https://iamcredentials.mtls.googleapis.com/v1/projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com:generateAccessToken",
  ]);
});
