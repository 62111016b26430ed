// The emulator's X.509 material (ECDSA P-256): the CA of its mutual TLS listener and that
// listener's certificate for 127.0.0.1 and localhost; and a workload PKI as an X.509 pool trusts
// it: a root (the pool's trust anchor), an intermediate CA (the pool's intermediate) and a
// workload's client certificate and key under it. Making one takes about 6 ms, twice an
// emulator's start without it: like the key pairs (key_pool.ts), a closed emulator's material
// serves the next one started in the process, while its certificates are valid on that one's
// clock; emulators running side by side each have their own.
import { issueCertificate, pem } from "./x509.ts";

/** Certificates start an hour back (clock skew) and last a week. */
const BACKDATE_MS = 3_600_000;
const LIFETIME_MS = 7 * 86_400_000;
/** Material is handed on while its certificates have at least a day left. */
const REUSE_MARGIN_MS = 86_400_000;
/** The common name of the workload's certificate. */
const WORKLOAD_NAME = "emulated-workload";

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
  /** When every certificate starts and ends being valid (ms). */
  notBefore: number;
  notAfter: number;
}

/** Material of closed emulators, for the next ones. */
const spare: Pki[] = [];

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

/** Material valid at `now` (ms): the last closed emulator's that is, else new. */
export async function takePki(now: number): Promise<Pki> {
  const index = spare.findLastIndex((pki) =>
    pki.notBefore <= now && now <= pki.notAfter - REUSE_MARGIN_MS
  );
  return index === -1 ? await makePki(now, WORKLOAD_NAME) : spare.splice(index, 1)[0]!;
}

/** Hands a closed emulator's material on to the next one. */
export function giveBackPki(pki: Pki): void {
  spare.push(pki);
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
    ...validity,
  };
}
