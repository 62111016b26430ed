// The emulator's X.509 material, made at start (ECDSA P-256, a few milliseconds): the CA of its
// mutual TLS listener and that listener's certificate for 127.0.0.1 and localhost; and a workload
// PKI as an X.509 pool trusts it: a root (the pool's trust anchor), an intermediate CA (the pool's
// intermediate) and a workload's client certificate and key under it.
import { issueCertificate, pem } from "./x509.ts";

/** Certificates start an hour back (clock skew) and last a week. */
const BACKDATE_MS = 3_600_000;
const LIFETIME_MS = 7 * 86_400_000;

/** A certificate (PEM) and its private key (PKCS #8 PEM). */
export interface CertifiedKey {
  certificate: string;
  privateKey: string;
}

/** What {@linkcode makePki} makes. */
export interface Pki {
  /** The CA of the mutual TLS listener's certificate: what a client must trust. */
  serverCa: string;
  server: CertifiedKey;
  /** The workload PKI's root CA (PEM). */
  root: string;
  /** The workload PKI's intermediate CA (PEM), which issued the workload's certificate. */
  intermediate: string;
  /** The workload's client certificate, with the key. */
  workload: CertifiedKey;
}

/** A random 16-byte serial number, in hex. */
function serialHex(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function keyPair(): Promise<CryptoKeyPair> {
  return await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ]) as CryptoKeyPair;
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  return pem("PRIVATE KEY", new Uint8Array(await crypto.subtle.exportKey("pkcs8", key)));
}

/** Makes the listener's and the workload's certificates, valid around `now` (ms). */
export async function makePki(now: number, workloadName: string): Promise<Pki> {
  const [serverCaKeys, serverKeys, rootKeys, intermediateKeys, workloadKeys] = await Promise.all(
    [keyPair(), keyPair(), keyPair(), keyPair(), keyPair()],
  );
  const validity = { notBefore: now - BACKDATE_MS, notAfter: now + LIFETIME_MS };
  const issue = async (
    subject: CryptoKeyPair,
    issuer: CryptoKeyPair,
    fields: Omit<Parameters<typeof issueCertificate>[2], "serialHex" | "notBefore" | "notAfter">,
  ) =>
    pem(
      "CERTIFICATE",
      await issueCertificate(subject.publicKey, issuer.privateKey, {
        ...fields,
        ...validity,
        serialHex: serialHex(),
      }),
    );
  const serverCa = await issue(serverCaKeys, serverCaKeys, {
    commonName: "Emulated mTLS CA",
    issuerName: "Emulated mTLS CA",
    ca: true,
  });
  const root = await issue(rootKeys, rootKeys, {
    commonName: "Emulated workload root CA",
    issuerName: "Emulated workload root CA",
    ca: true,
  });
  const [server, intermediate, workload] = await Promise.all([
    issue(serverKeys, serverCaKeys, {
      commonName: "127.0.0.1",
      issuerName: "Emulated mTLS CA",
      purpose: "server",
      ipAddresses: ["127.0.0.1"],
      dnsNames: ["localhost"],
    }),
    issue(intermediateKeys, rootKeys, {
      commonName: "Emulated workload intermediate CA",
      issuerName: "Emulated workload root CA",
      ca: true,
    }),
    issue(workloadKeys, intermediateKeys, {
      commonName: workloadName,
      issuerName: "Emulated workload intermediate CA",
      purpose: "client",
    }),
  ]);
  return {
    serverCa,
    server: { certificate: server, privateKey: await privateKeyPem(serverKeys.privateKey) },
    root,
    intermediate,
    workload: { certificate: workload, privateKey: await privateKeyPem(workloadKeys.privateKey) },
  };
}
