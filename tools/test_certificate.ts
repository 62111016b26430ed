/**
 * A throwaway self-signed TLS certificate for loopback test servers (an EC P-256 key, valid for one
 * day), made in process with the `selfsigned` package (Web Crypto underneath), so the tests need no
 * `openssl` command on the machine.
 *
 * @module
 */
import { generate } from "selfsigned";

/** A certificate and its private key, PEM. */
export interface TestCertificate {
  /** The certificate, which is also the CA to trust. */
  cert: string;
  /** Its private key. */
  key: string;
}

const DAY_MS = 86_400_000;

/** A certificate valid for `names` (DNS names) and 127.0.0.1. */
export async function testCertificate(names: readonly string[]): Promise<TestCertificate> {
  const now = Date.now();
  const pems = await generate([{ name: "commonName", value: "gcp-oidc-test" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + DAY_MS),
    extensions: [
      { name: "basicConstraints", cA: true },
      {
        name: "subjectAltName",
        altNames: [
          ...names.map((value) => ({ type: 2 as const, value })),
          { type: 7 as const, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
