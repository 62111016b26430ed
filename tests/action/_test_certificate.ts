/**
 * A throwaway self-signed TLS certificate for loopback test servers, made with the `openssl`
 * command-line tool (an EC P-256 key, valid for one day).
 *
 * @module
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** A certificate and its private key, PEM. */
export interface TestCertificate {
  /** The certificate, which is also the CA to trust. */
  cert: string;
  /** Its private key. */
  key: string;
}

/** A certificate valid for `names` (DNS names) and 127.0.0.1. */
export async function testCertificate(names: readonly string[]): Promise<TestCertificate> {
  const san = [...names.map((name) => `DNS:${name}`), "IP:127.0.0.1"].join(",");
  const { stdout } = await promisify(execFile)("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=gcp-oidc-test",
    "-addext",
    `subjectAltName=${san}`,
    "-keyout",
    "-",
    "-out",
    "-",
  ]);
  const cert = stdout.match(/-----BEGIN CERTIFICATE-----[^]*?-----END CERTIFICATE-----\n/)?.[0];
  const key = stdout.match(/-----BEGIN PRIVATE KEY-----[^]*?-----END PRIVATE KEY-----\n/)?.[0];
  if (cert === undefined || key === undefined) throw new Error("openssl printed no certificate");
  return { cert, key };
}
