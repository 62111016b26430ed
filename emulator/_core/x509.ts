// X.509 certificates: self-signed ones of the emulator's RSA keys, as Google publishes its keys in
// PEM (`oauth2/v1/certs`, `service_accounts/v1/metadata/x509/<email>`), and the small PKI of X.509
// federation (ECDSA P-256 CAs, a TLS server's and a workload's certificates): a small DER writer
// instead of a certificate library, because the emulator ships to users and these certificates
// need only the few fields below (docs/emulator.md, "X.509 certificates", says what a library
// would cost).

/** DER: a tag, its length, and the content. */
function der(tag: number, content: Uint8Array): Uint8Array {
  const length = content.length;
  let head: number[];
  if (length < 0x80) head = [length];
  else {
    const bytes: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    head = [0x80 | bytes.length, ...bytes];
  }
  return concat(Uint8Array.of(tag, ...head), content);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const sequence = (...items: Uint8Array[]) => der(0x30, concat(...items));
const ascii = (text: string) => new TextEncoder().encode(text);

/** A positive INTEGER from big-endian bytes (a leading zero keeps the sign bit clear). */
function integer(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return der(0x02, trimmed[0]! & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed);
}

/** sha256WithRSAEncryption (1.2.840.113549.1.1.11) with NULL parameters. */
const SHA256_WITH_RSA = sequence(
  der(0x06, Uint8Array.of(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b)),
  Uint8Array.of(0x05, 0x00),
);

/** ecdsa-with-SHA256 (1.2.840.10045.4.3.2), no parameters. */
const ECDSA_WITH_SHA256 = sequence(
  der(0x06, Uint8Array.of(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02)),
);

/** An object identifier under id-ce (2.5.29.n). */
const extensionId = (n: number) => der(0x06, Uint8Array.of(0x55, 0x1d, n));

/** id-kp-serverAuth and id-kp-clientAuth (1.3.6.1.5.5.7.3.1 and .2). */
const keyPurpose = (n: 1 | 2) =>
  der(0x06, Uint8Array.of(0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, n));

/** One Extension: its id, critical or not, and its DER value in an OCTET STRING. */
function extension(id: Uint8Array, critical: boolean, value: Uint8Array): Uint8Array {
  return sequence(id, ...(critical ? [Uint8Array.of(0x01, 0x01, 0xff)] : []), der(0x04, value));
}

/** A Name of one commonName (2.5.4.3) as a UTF8String. */
function commonName(name: string): Uint8Array {
  const attribute = sequence(der(0x06, Uint8Array.of(0x55, 0x04, 0x03)), der(0x0c, ascii(name)));
  return sequence(der(0x31, attribute));
}

/** UTCTime (`YYMMDDHHMMSSZ`), which X.509 uses for dates before 2050. */
function utcTime(ms: number): Uint8Array {
  const iso = new Date(Math.floor(ms / 1000) * 1000).toISOString();
  return der(0x17, ascii(`${iso.slice(2, 19).replace(/[-T:]/g, "")}Z`));
}

/** Base64 of `bytes` in 64-column lines, as PEM has it. */
export function pem(label: string, bytes: Uint8Array): string {
  const base64 = btoa(String.fromCharCode(...bytes));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

/** What a certificate says: its subject (also its issuer), serial and validity. */
export interface CertificateFields {
  commonName: string;
  /** Non-empty hex, such as a key id. */
  serialHex: string;
  notBefore: number;
  notAfter: number;
}

/** What a certificate an issuer signs says beyond {@linkcode CertificateFields}. */
export interface IssuedFields extends CertificateFields {
  /** The issuer's common name (the certificate's own for a self-signed one). */
  issuerName: string;
  /** A CA (basic constraints `cA`, key usage keyCertSign and cRLSign); else an end entity. */
  ca?: boolean;
  /** An end entity's extended key usage: a TLS server's or a TLS client's. */
  purpose?: "server" | "client";
  /** Subject alternative names: IPv4 addresses and DNS names. */
  ipAddresses?: readonly string[];
  dnsNames?: readonly string[];
}

/** The v3 extensions of `fields`. */
function extensions(fields: IssuedFields): Uint8Array[] {
  const list = [
    extension(
      extensionId(19),
      true,
      fields.ca ? sequence(Uint8Array.of(0x01, 0x01, 0xff)) : sequence(),
    ),
    // BIT STRING of key usage: keyCertSign and cRLSign (bits 5, 6), or digitalSignature (bit 0).
    extension(
      extensionId(15),
      true,
      fields.ca ? Uint8Array.of(0x03, 0x02, 0x01, 0x06) : Uint8Array.of(0x03, 0x02, 0x07, 0x80),
    ),
  ];
  if (fields.purpose !== undefined) {
    list.push(
      extension(extensionId(37), false, sequence(keyPurpose(fields.purpose === "server" ? 1 : 2))),
    );
  }
  const names = [
    ...(fields.dnsNames ?? []).map((name) => der(0x82, ascii(name))),
    ...(fields.ipAddresses ?? []).map((ip) => der(0x87, Uint8Array.from(ip.split("."), Number))),
  ];
  if (names.length > 0) list.push(extension(extensionId(17), false, sequence(...names)));
  return list;
}

/** An ECDSA signature as DER (`SEQUENCE { r, s }`) from Web Crypto's r || s. */
function ecdsaSignature(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  return sequence(integer(raw.subarray(0, half)), integer(raw.subarray(half)));
}

/**
 * A v3 certificate of `subjectKey` signed by `issuerKey` (RSASSA-PKCS1-v1_5 or ECDSA P-256, with
 * SHA-256), with the extensions `fields` ask for; DER.
 */
export async function issueCertificate(
  subjectKey: CryptoKey,
  issuerKey: CryptoKey,
  fields: IssuedFields,
): Promise<Uint8Array> {
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", subjectKey));
  const serial = Uint8Array.from(
    fields.serialHex.match(/.{1,2}/g)!.slice(0, 20),
    (pair) => parseInt(pair, 16),
  );
  const ecdsa = issuerKey.algorithm.name === "ECDSA";
  const algorithm = ecdsa ? ECDSA_WITH_SHA256 : SHA256_WITH_RSA;
  const v3 = fields.ca !== undefined || fields.purpose !== undefined;
  const tbs = sequence(
    der(0xa0, integer(Uint8Array.of(2))), // [0] version: v3
    integer(serial),
    algorithm,
    commonName(fields.issuerName),
    sequence(utcTime(fields.notBefore), utcTime(fields.notAfter)),
    commonName(fields.commonName),
    spki,
    ...(v3 ? [der(0xa3, sequence(...extensions(fields)))] : []),
  );
  const signed = new Uint8Array(
    await crypto.subtle.sign(
      ecdsa ? { name: "ECDSA", hash: "SHA-256" } : "RSASSA-PKCS1-v1_5",
      issuerKey,
      tbs as Uint8Array<ArrayBuffer>,
    ),
  );
  // BIT STRING: a leading byte of unused bits (none).
  const signature = ecdsa ? ecdsaSignature(signed) : signed;
  return sequence(tbs, algorithm, der(0x03, concat(Uint8Array.of(0), signature)));
}

/**
 * A v3 certificate of `publicKey` signed by `privateKey` (its pair, RSASSA-PKCS1-v1_5 SHA-256), as
 * PEM (`-----BEGIN CERTIFICATE-----`, 64-column lines, a final newline).
 */
export async function selfSignedCertificate(
  keys: { privateKey: CryptoKey; publicKey: CryptoKey },
  fields: CertificateFields,
): Promise<string> {
  const certificate = await issueCertificate(keys.publicKey, keys.privateKey, {
    ...fields,
    issuerName: fields.commonName,
  });
  return pem("CERTIFICATE", certificate);
}
