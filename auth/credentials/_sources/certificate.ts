// X.509 certificate sources (`credential_source.certificate`, subject token type
// `urn:ietf:params:oauth:token-type:mtls`), as google-auth-library 10.2+ and Python google-auth
// read them: a certificate configuration names the workload's certificate and key; the subject
// token is the leaf and the trust chain as a JSON array of standard base64 DER; STS (and IAM
// Credentials, when the file impersonates) are called over mutual TLS presenting that certificate.
import { type AuthErrorOptions, GoogleApiError } from "../../errors.ts";
import { quote } from "../../_util/quote.ts";
import { base64Decode, base64Encode } from "../../_util/base64url.ts";
import { fieldOf, isRecord } from "../../_util/json.ts";
import { fieldError, type Fields, optionalString, requiredObject } from "./fields.ts";
import { isWindows, readFailure, readFileBounded } from "./runtime.ts";
import type { SubjectTokenSession } from "./source.ts";
import type { ExternalAccountSettings } from "../_settings.ts";
import type {
  ClientCertificateClient,
  ClientCertificateFetch,
} from "./client_certificate_fetch.ts";
import { CREDENTIALS_UNSUPPORTED_HINT, SUBJECT_TOKEN_HINT } from "../../_hints.ts";

/** The subject token type of X.509 certificate sources. */
export const MTLS_SUBJECT_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:mtls";
/** The variable that names the certificate configuration, as Google's libraries read it. */
const CERTIFICATE_CONFIG_VARIABLE = "GOOGLE_API_CERTIFICATE_CONFIG";
const CERTIFICATE_CONFIG_FILE = "certificate_config.json";
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]*?)-----END CERTIFICATE-----/g;
const PEM_PRIVATE_KEY =
  /-----BEGIN (?:RSA |EC )?PRIVATE KEY-----[A-Za-z0-9+/=\s]+-----END (?:RSA |EC )?PRIVATE KEY-----/;

function certificateError(message: string, details: AuthErrorOptions = {}): GoogleApiError {
  return new GoogleApiError("ERR_SUBJECT_TOKEN_FAILED", message, {
    ...details,
    defaultHint: SUBJECT_TOKEN_HINT,
  });
}

/** The length DER's header at `bytes` says its content has, with the header's own length. */
function derLength(bytes: Uint8Array): number | undefined {
  const first = bytes[1];
  if (bytes[0] !== 0x30 || first === undefined) return undefined;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || bytes.length < 2 + count) return undefined;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + bytes[2 + i]!;
  return 2 + count + length;
}

/**
 * The DER of every PEM certificate in `text`, each checked to be one whole DER SEQUENCE (what an
 * X.509 certificate is); `where` names the file in errors, which never quote its bytes.
 */
export function pemCertificates(text: string, where: string): Uint8Array[] {
  return [...text.matchAll(PEM_CERTIFICATE)].map((match, index) => {
    let bytes: Uint8Array | undefined;
    try {
      bytes = base64Decode(match[1]!);
    } catch {
      bytes = undefined;
    }
    if (bytes === undefined || derLength(bytes) !== bytes.length) {
      throw certificateError(
        `The certificate at index ${index} of ${where} is not a DER certificate in PEM`,
      );
    }
    return bytes;
  });
}

/**
 * The subject token: the leaf and `chain` as a JSON array of standard base64 DER. A chain with the
 * leaf on top is sent as it is (the leaf not twice); a chain with the leaf further down is refused,
 * as google-auth-library and Python google-auth refuse it.
 */
export function certificateSubjectToken(
  leaf: Uint8Array,
  chain: readonly Uint8Array[] | undefined,
  chainWhere = "the trust chain",
): string {
  const encoded = [leaf, ...(chain ?? [])].map(base64Encode);
  const index = encoded.indexOf(encoded[0]!, 1);
  if (index > 1) {
    throw certificateError(
      `The leaf certificate is in ${chainWhere} at index ${
        index - 1
      }; it may only be its first entry`,
    );
  }
  return JSON.stringify(index === 1 ? encoded.slice(1) : encoded);
}

/** The `certificate` object of `credential_source`, checked. */
interface CertificateFields {
  /** The certificate configuration's path, or undefined for the default. */
  configLocation: string | undefined;
  trustChainPath: string | undefined;
}

function certificateFields(certificate: Fields): CertificateFields {
  const useDefault = fieldOf(certificate.record, "use_default_certificate_config");
  if (useDefault !== undefined && typeof useDefault !== "boolean") {
    throw fieldError(certificate, `"use_default_certificate_config" is not a boolean`);
  }
  const configLocation = optionalString(certificate, "certificate_config_location");
  if ((useDefault === true) === (configLocation !== undefined)) {
    throw fieldError(
      certificate,
      configLocation === undefined
        ? `it needs "use_default_certificate_config": true or "certificate_config_location"`
        : `it has "use_default_certificate_config": true and "certificate_config_location"; keep one`,
    );
  }
  return { configLocation, trustChainPath: optionalString(certificate, "trust_chain_path") };
}

/** The default certificate configuration: the variable, else gcloud's configuration folder. */
function defaultConfigPath(settings: ExternalAccountSettings): string {
  const { env } = settings;
  const named = env[CERTIFICATE_CONFIG_VARIABLE];
  if (named !== undefined && named !== "") return named;
  const folder = env.CLOUDSDK_CONFIG ||
    (isWindows() ? `${env.APPDATA ?? ""}\\gcloud` : `${env.HOME ?? ""}/.config/gcloud`);
  return `${folder}${isWindows() ? "\\" : "/"}${CERTIFICATE_CONFIG_FILE}`;
}

/** Reads `path` (what `what` names) through the settings' reader, naming it on failure. */
async function read(
  settings: ExternalAccountSettings,
  what: string,
  path: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  try {
    return await readFileBounded(settings.readFile, path, signal);
  } catch (cause) {
    if (signal?.aborted && cause === signal.reason) throw cause;
    throw certificateError(`Failed to read ${what} ${quote(path)}: ${readFailure(cause)}`, {
      cause,
    });
  }
}

/** The workload's certificate and key paths of a certificate configuration. */
function workloadPaths(text: string, where: string): { certPath: string; keyPath: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw certificateError(`The certificate configuration ${where} is not JSON`);
  }
  const workload = fieldOf(fieldOf(json, "cert_configs"), "workload");
  const certPath = isRecord(workload) ? workload.cert_path : undefined;
  const keyPath = isRecord(workload) ? workload.key_path : undefined;
  if (
    typeof certPath !== "string" || certPath === "" || typeof keyPath !== "string" || keyPath === ""
  ) {
    throw certificateError(
      `The certificate configuration ${where} has no "cert_configs.workload" with "cert_path" and "key_path" strings`,
    );
  }
  return { certPath, keyPath };
}

/** What one token reads: the subject token, the certificate file's text and the key's path. */
interface Reading {
  token: string;
  cert: string;
  certWhere: string;
  keyPath: string;
}

/** Reads the configuration, the certificate and the trust chain; makes the subject token. */
async function readCertificate(
  fields: CertificateFields,
  settings: ExternalAccountSettings,
  signal: AbortSignal | undefined,
): Promise<Reading> {
  const configPath = fields.configLocation ?? defaultConfigPath(settings);
  const { certPath, keyPath } = workloadPaths(
    await read(settings, "the certificate configuration", configPath, signal),
    `file ${quote(configPath)}`,
  );
  const certWhere = `the certificate file ${quote(certPath)}`;
  const cert = await read(settings, "the certificate file", certPath, signal);
  const leaf = pemCertificates(cert, certWhere)[0];
  if (leaf === undefined) throw certificateError(`${certWhere} holds no PEM certificate`);
  const chainPath = fields.trustChainPath;
  if (chainPath === undefined) {
    return { token: certificateSubjectToken(leaf, undefined), cert, certWhere, keyPath };
  }
  const chainWhere = `the trust chain file ${quote(chainPath)}`;
  const chain = pemCertificates(
    await read(settings, "the trust chain file", chainPath, signal),
    chainWhere,
  );
  return { token: certificateSubjectToken(leaf, chain, chainWhere), cert, certWhere, keyPath };
}

/** The runtime's client presenting the certificate with the key of `reading`. */
async function presentingClient(
  reading: Reading,
  makeClient: ClientCertificateFetch,
  settings: ExternalAccountSettings,
  signal: AbortSignal | undefined,
): Promise<ClientCertificateClient> {
  const keyWhere = `the private key file ${quote(reading.keyPath)}`;
  const key = await read(settings, "the private key file", reading.keyPath, signal);
  if (!PEM_PRIVATE_KEY.test(key)) {
    throw certificateError(`${keyWhere} holds no unencrypted PEM private key`);
  }
  try {
    return makeClient({ cert: reading.cert, key });
  } catch (cause) {
    // The runtime's message may quote the key: only its name is kept.
    throw certificateError(
      `The runtime refused ${reading.certWhere} with ${keyWhere} for mutual TLS: ${
        readFailure(cause)
      }`,
    );
  }
}

/**
 * The session of a `credential_source.certificate`: reads the configuration, the certificate, the
 * trust chain and (where this package presents the certificate itself) the key at each token, and
 * runs the exchange with a `fetch` that presents the certificate, closed after it. A caller's
 * `fetch` must present the certificate (a Worker's `mtls_certificates` binding): then the key is
 * not read. Where neither can present it, the file is refused at load.
 */
export function certificateSession(
  source: Fields,
  settings: ExternalAccountSettings,
): SubjectTokenSession {
  const certificate = requiredObject(source, "certificate");
  const fields = certificateFields(certificate);
  const makeClient = settings.callerFetch ? undefined : settings.clientCertificateFetch;
  if (!settings.callerFetch && makeClient === undefined) {
    throw fieldError(
      certificate,
      "it needs mutual TLS, and this runtime's fetch cannot present a client certificate: pass the option fetch that does (in a Worker, the fetch of an mtls_certificates binding)",
      "ERR_CREDENTIALS_UNSUPPORTED",
      undefined,
      CREDENTIALS_UNSUPPORTED_HINT,
    );
  }
  return async (context, use) => {
    const { signal } = context.call;
    const reading = await readCertificate(fields, settings, signal);
    if (makeClient === undefined) return await use(reading.token, context);
    const client = await presentingClient(reading, makeClient, settings, signal);
    try {
      return await use(reading.token, {
        ...context,
        call: { ...context.call, fetch: client.fetch },
      });
    } finally {
      client.close();
    }
  };
}
