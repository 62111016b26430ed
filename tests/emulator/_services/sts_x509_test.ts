// The emulated STS's X.509 provider: a token exchange over the mutual TLS listener whose subject
// token's leaf is the presented certificate and whose chain leads to a trust anchor of the pool
// (through the token's certificates or the pool's intermediate CAs) is accepted and mapped; every
// other exchange is refused as Google refuses it, with a description that says why.
import assert from "node:assert/strict";
import { type Emulator, type EmulatorOptions, startEmulator } from "../../../emulator/mod.ts";

const MTLS = "urn:ietf:params:oauth:token-type:mtls";

function der(pem: string): string {
  return pem.replace(/-----[A-Z ]+-----|\s/g, "");
}

/** The subject token of `certificates` (PEM): standard base64 DER, in order. */
function subjectToken(...certificates: string[]): string {
  return JSON.stringify(certificates.map(der));
}

/** The fields of STS's answer this test reads: a token, or an OAuth error. */
interface StsAnswer {
  access_token: string;
  error: string;
  error_description: string;
}

interface Exchange {
  /** The certificate and key presented; none: a handshake without a client certificate. */
  present?: { certificate: string; privateKey: string };
  token: string;
  /** The listener: the mutual TLS one (default) or the plain one. */
  plain?: boolean;
  subjectTokenType?: string;
}

/** A token exchange at `emulator`'s STS for its X.509 provider; the status and JSON answer. */
async function exchange(
  emulator: Emulator,
  options: Exchange,
): Promise<[number, StsAnswer]> {
  const client = Deno.createHttpClient({
    caCerts: [emulator.x509.serverCa],
    ...(options.present === undefined
      ? {}
      : { cert: options.present.certificate, key: options.present.privateKey }),
  });
  try {
    const base = options.plain ? emulator.endpoints.sts : emulator.x509.endpoints.sts;
    const response = await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
        audience: `//iam.googleapis.com/${emulator.x509.provider}`,
        scope: "https://www.googleapis.com/auth/cloud-platform",
        requestedTokenType: "urn:ietf:params:oauth:token-type:access_token",
        subjectToken: options.token,
        subjectTokenType: options.subjectTokenType ?? MTLS,
      }),
      client,
    });
    return [response.status, await response.json()];
  } finally {
    client.close();
  }
}

async function withEmulators(
  options: (other: Emulator) => EmulatorOptions,
  check: (emulator: Emulator, other: Emulator) => Promise<void>,
): Promise<void> {
  await using other = await startEmulator();
  await using emulator = await startEmulator(options(other));
  await check(emulator, other);
}

Deno.test("the X.509 provider maps a presented certificate that chains to its trust anchor", async () => {
  await withEmulators(() => ({}), async (emulator) => {
    const { x509 } = emulator;
    for (
      const token of [
        subjectToken(x509.certificate),
        subjectToken(x509.certificate, x509.intermediateCa),
      ]
    ) {
      const [status, body] = await exchange(emulator, { present: x509, token });
      assert.equal(status, 200, JSON.stringify(body));
      const info = emulator.tokenInfo(body.access_token);
      assert.match(info!.principal, /\/workloadIdentityPools\/github\/subject\/emulated-workload$/);
    }
  });
});

Deno.test("the X.509 provider refuses what Google refuses, saying why", async (t) => {
  await withEmulators(() => ({}), async (emulator, other) => {
    const { x509 } = emulator;
    const own = subjectToken(x509.certificate);
    const cases: [string, Exchange, number, RegExp][] = [
      [
        "over the plain listener",
        { present: x509, token: own, plain: true },
        400,
        /needs mutual TLS/,
      ],
      ["no client certificate in the handshake", { token: own }, 400, /needs mutual TLS/],
      [
        "a presented certificate that is not the token's leaf",
        { present: other.x509, token: own },
        400,
        /not the subject token's leaf certificate/,
      ],
      [
        "a certificate of another CA",
        {
          present: other.x509,
          token: subjectToken(other.x509.certificate, other.x509.intermediateCa),
        },
        400,
        /chain is not trusted/,
      ],
      [
        "a token that is not a JSON array",
        { present: x509, token: der(x509.certificate) },
        400,
        /JSON array/,
      ],
      [
        "a JWT subject token type",
        { present: x509, token: own, subjectTokenType: "urn:ietf:params:oauth:token-type:jwt" },
        400,
        /subject_token_type/,
      ],
    ];
    for (const [name, options, status, description] of cases) {
      await t.step(name, async () => {
        const [got, body] = await exchange(emulator, options);
        assert.equal(got, status);
        assert.match(body.error_description, description);
      });
    }
  });
});

Deno.test("the X.509 provider's trust store and rules are options", async (t) => {
  await t.step(
    "another CA as the trust anchor, its intermediate in the pool or in the token",
    async () => {
      await withEmulators((other) => ({
        x509: {
          trustAnchors: [other.x509.trustAnchor],
          intermediateCas: [other.x509.intermediateCa],
        },
      }), async (emulator, other) => {
        const [status] = await exchange(emulator, {
          present: other.x509,
          token: subjectToken(other.x509.certificate),
        });
        assert.equal(status, 200);
        const [own, body] = await exchange(emulator, {
          present: emulator.x509,
          token: subjectToken(emulator.x509.certificate, emulator.x509.intermediateCa),
        });
        assert.equal(own, 400);
        assert.match(body.error_description, /chain is not trusted/);
      });
      await withEmulators((other) => ({
        x509: { trustAnchors: [other.x509.trustAnchor], intermediateCas: [] },
      }), async (emulator, other) => {
        const present = other.x509;
        assert.equal(
          (await exchange(emulator, { present, token: subjectToken(present.certificate) }))[0],
          400,
        );
        assert.equal(
          (await exchange(emulator, {
            present,
            token: subjectToken(present.certificate, present.intermediateCa),
          }))[0],
          200,
        );
      });
    },
  );
  await t.step("an attribute mapping and condition over the certificate's names", async () => {
    await withEmulators(() => ({
      x509: {
        attributeMapping: {
          "google.subject": "assertion.subject.dn.cn",
          "attribute.issuer": "assertion.issuer.dn.cn",
        },
        attributeCondition: "assertion.subject.dn.cn == 'someone-else'",
      },
    }), async (emulator) => {
      const [status, body] = await exchange(emulator, {
        present: emulator.x509,
        token: subjectToken(emulator.x509.certificate),
      });
      assert.equal(status, 400);
      assert.equal(body.error, "unauthorized_client");
    });
    await withEmulators(() => ({
      x509: {
        attributeMapping: {
          "google.subject": "assertion.issuer.dn.cn",
          "attribute.fingerprint": "assertion.fingerprint",
        },
      },
    }), async (emulator) => {
      const [, body] = await exchange(emulator, {
        present: emulator.x509,
        token: subjectToken(emulator.x509.certificate),
      });
      const info = emulator.tokenInfo(body.access_token)!;
      assert.match(info.principal, /\/subject\/Emulated workload intermediate CA$/);
      // The SHA-256 of the leaf's DER, in standard base64.
      const leaf = Uint8Array.from(atob(der(emulator.x509.certificate)), (c) => c.charCodeAt(0));
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", leaf));
      assert.equal(info.attributes.fingerprint, btoa(String.fromCharCode(...digest)));
    });
  });
  await t.step("a trust anchor that is not one CA certificate is refused at start", async () => {
    await using other = await startEmulator();
    await assert.rejects(startEmulator({ x509: { trustAnchors: [other.x509.certificate] } }), {
      name: "TypeError",
      message: /option "x509.trustAnchors\[0\]" is not a CA certificate/,
    });
    await assert.rejects(
      startEmulator({
        x509: { trustAnchors: [`${other.x509.trustAnchor}${other.x509.intermediateCa}`] },
      }),
      { message: /option "x509.trustAnchors\[0\]" must be one PEM certificate/ },
    );
  });
});
