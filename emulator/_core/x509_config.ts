// The pool's X.509 provider checked once: its id, its trust store as given (PEM certificates, each
// one CA; the emulator's own root and intermediate when not given) and its CEL rules, with the
// mapping Google's X.509 guide uses by default (the client certificate's subject common name).
import { X509Certificate } from "node:crypto";
import type { CelProgram } from "../_cel/cel.ts";
import { compiledRules, fail } from "./provider_rules.ts";
import type { X509ProviderOptions } from "../types.ts";

/** The checked X.509 provider; the trust store is undefined where the emulator's own PKI is used. */
export interface X509Provider {
  name: string;
  trustAnchors: readonly X509Certificate[] | undefined;
  intermediateCas: readonly X509Certificate[] | undefined;
  mapping: readonly (readonly [target: string, program: CelProgram])[];
  condition: CelProgram | undefined;
}

const DEFAULT_MAPPING: Readonly<Record<string, string>> = {
  "google.subject": "assertion.subject.dn.cn",
};

/** Each of `pems` as one CA certificate, else the option is refused. */
function caCertificates(option: string, pems: readonly string[] | undefined) {
  return pems?.map((pem, index) => {
    if (typeof pem !== "string" || (pem.match(/-----BEGIN CERTIFICATE-----/g) ?? []).length !== 1) {
      fail(`${option}[${index}]`, "must be one PEM certificate");
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      return fail(`${option}[${index}]`, "is not a PEM certificate");
    }
    if (!certificate.ca) fail(`${option}[${index}]`, "is not a CA certificate");
    return certificate;
  });
}

/** Checks `options` (the emulator's `x509`) in `pool`. */
export function x509ProviderOf(options: X509ProviderOptions = {}, pool: string): X509Provider {
  const id = options.id ?? "emulated-x509";
  if (!/^[a-z0-9-]{4,32}$/.test(id)) fail("x509.id", "must be 4 to 32 of a-z, 0-9 and -");
  const trustAnchors = caCertificates("x509.trustAnchors", options.trustAnchors);
  if (trustAnchors?.length === 0) fail("x509.trustAnchors", "must hold at least one certificate");
  return {
    name: `${pool}/providers/${id}`,
    trustAnchors,
    intermediateCas: caCertificates("x509.intermediateCas", options.intermediateCas),
    ...compiledRules(
      "x509",
      options.attributeMapping ?? DEFAULT_MAPPING,
      options.attributeCondition,
    ),
  };
}
