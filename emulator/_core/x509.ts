// Self-signed X.509 certificates of the emulator's RSA keys, as Google publishes its keys in PEM
// (`oauth2/v1/certs`, `service_accounts/v1/metadata/x509/<email>`): a small DER writer instead of a
// certificate library, because the emulator ships to users and these certificates need only the
// few fields below (docs/emulator.md, "X.509 certificates", says what a library would cost).

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
function pem(label: string, bytes: Uint8Array): string {
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

/**
 * A v3 certificate of `publicKey` signed by `privateKey` (its pair, RSASSA-PKCS1-v1_5 SHA-256), as
 * PEM (`-----BEGIN CERTIFICATE-----`, 64-column lines, a final newline).
 */
export async function selfSignedCertificate(
  keys: { privateKey: CryptoKey; publicKey: CryptoKey },
  fields: CertificateFields,
): Promise<string> {
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", keys.publicKey));
  const serial = Uint8Array.from(
    fields.serialHex.match(/.{1,2}/g)!.slice(0, 20),
    (pair) => parseInt(pair, 16),
  );
  const name = commonName(fields.commonName);
  const tbs = sequence(
    der(0xa0, integer(Uint8Array.of(2))), // [0] version: v3
    integer(serial),
    SHA256_WITH_RSA,
    name,
    sequence(utcTime(fields.notBefore), utcTime(fields.notAfter)),
    name,
    spki,
  );
  const signature = new Uint8Array(
    await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, tbs as Uint8Array<ArrayBuffer>),
  );
  // BIT STRING: a leading byte of unused bits (none).
  const certificate = sequence(
    tbs,
    SHA256_WITH_RSA,
    der(0x03, concat(Uint8Array.of(0), signature)),
  );
  return pem("CERTIFICATE", certificate);
}
