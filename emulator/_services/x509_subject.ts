// The emulated Google STS's check of an X.509 subject token (subject_token_type
// urn:ietf:params:oauth:token-type:mtls): a JSON array of standard base64 DER certificates, the
// leaf first, exchanged over mutual TLS. The leaf must be the certificate the client presented in
// the handshake (which proved it holds the key); a chain from it through the token's certificates
// and the provider's intermediate CAs must end at one of its trust anchors, each link signed by the
// next and valid now. The assertion the mapping sees is the leaf's names and fingerprint.
import { createHash, X509Certificate } from "node:crypto";
import type { CelValue } from "../_cel/cel.ts";
import type { State } from "../_core/state.ts";
import { oauthError } from "../_core/wire.ts";

/** The subject token type of X.509 certificates. */
export const MTLS_SUBJECT_TYPE = "urn:ietf:params:oauth:token-type:mtls";
/** The most certificates a subject token may hold, and links a chain may have. */
const MAX_CERTIFICATES = 10;

function refused(description: string): Response {
  return oauthError(400, "invalid_grant", description);
}

/** The certificates of a subject token, or undefined when it is not an array of base64 DER. */
function certificatesOf(token: string): X509Certificate[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (!Array.isArray(json) || json.length === 0 || json.length > MAX_CERTIFICATES) return undefined;
  try {
    return json.map((entry) => {
      if (typeof entry !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(entry)) throw new TypeError();
      return new X509Certificate(Uint8Array.from(atob(entry), (c) => c.charCodeAt(0)));
    });
  } catch {
    return undefined;
  }
}

function validAt(certificate: X509Certificate, now: number): boolean {
  return Date.parse(certificate.validFrom) <= now && now <= Date.parse(certificate.validTo);
}

/** Whether `issuer` signed `child` (names and signature), `issuer` being a CA valid at `now`. */
function issued(issuer: X509Certificate, child: X509Certificate, now: number): boolean {
  return issuer.ca && validAt(issuer, now) && child.checkIssued(issuer) &&
    child.verify(issuer.publicKey);
}

/** The `CN` of a distinguished name as Node prints it (`CN=name` lines). */
function commonName(name: string): string {
  return /^CN=(.*)$/m.exec(name)?.[1] ?? "";
}

function altNames(certificate: X509Certificate, kind: "DNS" | "URI"): string[] {
  return (certificate.subjectAltName ?? "").split(", ").filter((name) =>
    name.startsWith(`${kind}:`)
  ).map((name) => name.slice(kind.length + 1));
}

/** Checks an X.509 subject token and returns the assertion its leaf makes. */
export async function verifyX509Subject(
  token: string,
  presented: Uint8Array | undefined,
  state: State,
): Promise<Record<string, CelValue> | Response> {
  if (presented === undefined) {
    return refused(
      "X.509 federation needs mutual TLS: call STS at its mTLS endpoint (sts.mtls.googleapis.com) presenting the client certificate.",
    );
  }
  const certificates = certificatesOf(token);
  if (certificates === undefined) {
    return refused(
      "Invalid subject token: expected a JSON array of 1 to 10 base64 DER certificates, the leaf first.",
    );
  }
  const leaf = certificates[0]!;
  if (!leaf.raw.equals(presented)) {
    return refused(
      "The client certificate presented over mutual TLS is not the subject token's leaf certificate.",
    );
  }
  const now = state.config.now();
  if (!validAt(leaf, now)) return refused("The leaf certificate is expired or not yet valid.");
  const { x509 } = state.config;
  const pki = await state.pki();
  const anchors = x509.trustAnchors ?? [new X509Certificate(pki.root)];
  const intermediates = [
    ...certificates.slice(1),
    ...(x509.intermediateCas ?? [new X509Certificate(pki.intermediate)]),
  ];
  let current = leaf;
  for (let links = 0; links < MAX_CERTIFICATES; links++) {
    if (anchors.some((anchor) => issued(anchor, current, now))) {
      return {
        subject: { dn: { cn: commonName(leaf.subject) } },
        issuer: { dn: { cn: commonName(leaf.issuer) } },
        san: { dns: altNames(leaf, "DNS"), uri: altNames(leaf, "URI") },
        fingerprint: createHash("sha256").update(leaf.raw).digest("base64"),
      };
    }
    const next = intermediates.find((candidate) => issued(candidate, current, now));
    if (next === undefined) break;
    current = next;
  }
  return refused(
    "The certificate chain is not trusted: it does not lead to a trust anchor of the provider's trust store.",
  );
}
