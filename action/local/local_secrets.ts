// What a local run must never print: every secret it was handed or saw (a key given as
// `credentials_json`, raw or base64, and the private key inside it; the tokens of the emulator and
// the step), in every form the step or the harness may print it.
import { parseServiceAccountKey } from "../../auth/keys/mod.ts";
import { secretForms } from "../../auth/_step.ts";

/** A line of a multi-line secret masked by itself: a PEM body line is 64 characters. */
const SHORTEST_LINE = 16;

/** Each line of a multi-line secret but its PEM armour (`-----BEGIN ...-----`). */
function secretLines(secret: string): string[] {
  const lines = secret.split(/\r?\n/).map((line) => line.trim())
    .filter((line) => line.length >= SHORTEST_LINE && !/^-----[A-Z ]+-----$/.test(line));
  return lines.length > 1 ? lines : [];
}

/**
 * The secrets in a `credentials_json` value: the value, and when it is a service account key (raw
 * or base64) the key's `private_key` and `private_key_id`. A value that is no key is a secret as a
 * whole all the same.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialsSecrets } from "./local_secrets.ts";
 *
 * const key = JSON.stringify({
 *   type: "service_account",
 *   private_key_id: "0123456789abcdef",
 *   private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
 *   client_email: "ci@p.iam.gserviceaccount.com",
 * });
 * const secrets = credentialsSecrets(btoa(key));
 * assert.deepEqual(secrets.slice(1), [JSON.parse(key).private_key, "0123456789abcdef"]);
 * ```
 */
export function credentialsSecrets(value: string): string[] {
  try {
    const key = parseServiceAccountKey(value);
    return [value, key.private_key, key.private_key_id ?? ""].filter((secret) => secret !== "");
  } catch {
    return [value];
  }
}

/**
 * A function that replaces every form of every secret of `secrets` in a text with `***`: the forms
 * the library redacts from its errors (as is, percent-, form- and JSON-encoded, base64, base64url
 * and hex), and each line of a multi-line secret (longest first, so a secret inside another is no
 * way to unmask part of it), and the values of `::add-mask::` commands.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { masker } from "./local_secrets.ts";
 *
 * const mask = masker(["s3cr3t-token-value"]);
 * assert.equal(mask(`token ${btoa("s3cr3t-token-value")}`), "token ***");
 * assert.equal(mask("::add-mask::anything"), "::add-mask::***");
 * ```
 */
export function masker(secrets: Iterable<string>): (text: string) => string {
  const all = [...secrets];
  const forms = [...new Set([...secretForms(all), ...all.flatMap(secretLines)])]
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const form of forms) result = result.replaceAll(form, "***");
    return result.replace(/^::add-mask::.*$/gm, "::add-mask::***");
  };
}
