/**
 * Cloud Storage V4 POST policies: the URL and form fields a browser posts a file with (an HTML
 * form upload), limited by the policy's conditions and signed by credentials that act as a
 * service account.
 *
 * @module
 */

import { ownCopy } from "../_util/own.ts";
import { type OptionNameSet, refuseUnknownOptions } from "../_util/options.ts";
import { base64Encode } from "../_util/base64url.ts";
import {
  ALGORITHM,
  basicTimestamp,
  bucketOrigin,
  credentialScope,
  expirationSeconds,
  hex,
  optionError,
  requestTime,
  requiredString,
  V4_OPTION_NAMES,
} from "./_v4.ts";
import type { SigningCredentials, UrlStyle } from "./types.ts";

/** Conditions beyond the fields, as Google's conformance file names them. */
export interface PostPolicyConditions {
  /** `["starts-with", field, prefix]`: a form field must start with `prefix`, such as `["$key", "uploads/"]`. */
  startsWith?: readonly [field: string, prefix: string];
  /** `["content-length-range", min, max]`: the file's size in bytes. */
  contentLengthRange?: readonly [min: number, max: number];
}

/** Options of {@linkcode createSignedPostPolicy}, named after the conformance file's `policyInput`. */
export interface SignedPostPolicyOptions {
  /** The bucket. */
  bucket: string;
  /** The object name the upload gets (the form's `key`). */
  object: string;
  /** Seconds the policy is valid, from 1 to 604800 (7 days). */
  expiration: number;
  /** When the signature starts (a `Date` or RFC 3339 text); default now. */
  timestamp?: Date | string;
  /** Conditions besides exact field values. */
  conditions?: PostPolicyConditions;
  /**
   * Form fields the upload sends with exactly these values (`content-type`, `acl`,
   * `success_action_status`, `x-goog-meta-*`, ...); fields named `x-ignore-*` are returned but not
   * part of the policy.
   */
  fields?: Readonly<Record<string, string>>;
  /** `https` (default) or `http`. */
  scheme?: "http" | "https";
  /** `PATH_STYLE` (default), `VIRTUAL_HOSTED_STYLE` or `BUCKET_BOUND_HOSTNAME`. */
  urlStyle?: UrlStyle;
  /** The bucket's own hostname (a CNAME), with `urlStyle: "BUCKET_BOUND_HOSTNAME"`. */
  bucketBoundHostname?: string;
  /** The universe domain; default `googleapis.com`. */
  universeDomain?: string;
  /** The clock in milliseconds, for the default `timestamp`; default `Date.now`. */
  now?: () => number;
}

const SIGNED_POST_POLICY_OPTION_NAMES: OptionNameSet<SignedPostPolicyOptions> = {
  ...V4_OPTION_NAMES,
  conditions: "object",
  fields: "object",
};

/** Where to post, and the form fields to post with the file (the file last). */
export interface SignedPostPolicy {
  /** The form's `action`. */
  url: string;
  /** The form fields: yours, `key`, the `x-goog-*` signature fields and `policy`. */
  fields: Record<string, string>;
}

/** JSON with every character outside ASCII escaped (`\u00e9`), as Cloud Storage's policies are. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The names of {@linkcode PostPolicyConditions}: a misspelt one would sign a looser policy. */
const CONDITION_NAMES: OptionNameSet<PostPolicyConditions> = {
  startsWith: "array",
  contentLengthRange: "array",
};

function conditionsOf(conditions: PostPolicyConditions): unknown[] {
  // `contentLenghtRange` ignored would sign a policy with no size limit.
  refuseUnknownOptions(conditions, CONDITION_NAMES, "conditions");
  const result: unknown[] = [];
  if (conditions.startsWith !== undefined) {
    const [field, prefix] = conditions.startsWith;
    if (typeof field !== "string" || typeof prefix !== "string") {
      throw optionError("conditions", "startsWith must be [field, prefix] strings");
    }
    result.push(["starts-with", field, prefix]);
  }
  if (conditions.contentLengthRange !== undefined) {
    const [min, max] = conditions.contentLengthRange;
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
      throw optionError(
        "conditions",
        "contentLengthRange must be [min, max] whole numbers, min <= max",
      );
    }
    result.push(["content-length-range", min, max]);
  }
  return result;
}

/**
 * Creates a Cloud Storage V4 POST policy as Google's client libraries do: the policy document
 * (your conditions, your fields, bucket, key and the `x-goog-*` fields), base64-encoded and signed
 * by `credentials.sign()`. Passes all 11 POST policy cases of Google's conformance file.
 *
 * @param credentials What signs: `Credentials`, or any object with `sign()` and
 * `getServiceAccountEmail()`.
 * @param options The bucket, object, expiration, conditions and fields.
 * @returns The URL to post to and the fields to post.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` for a bad option (named), or
 * `ERR_SIGN_NO_SERVICE_ACCOUNT` from credentials that act as no service account.
 * @throws {GoogleApiError} `ERR_IAM_SIGN_BLOB_FAILED` when IAM refuses to sign.
 *
 * @example A form upload of at most 1 MB
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportPKCS8, generateKeyPair } from "jose";
 * import { createSignedPostPolicy } from "./mod.ts";
 * import { credentialsFromJson } from "../mod.ts";
 *
 * const { privateKey } = await generateKeyPair("RS256", { extractable: true });
 * const credentials = credentialsFromJson({
 *   type: "service_account",
 *   client_email: "uploader@my-proj.iam.gserviceaccount.com",
 *   private_key: await exportPKCS8(privateKey),
 * });
 * const { url, fields } = await createSignedPostPolicy(credentials, {
 *   bucket: "my-bucket",
 *   object: "uploads/report.pdf",
 *   expiration: 600,
 *   conditions: { contentLengthRange: [0, 1_000_000] },
 *   fields: { "content-type": "application/pdf" },
 * });
 * assert.equal(url, "https://storage.googleapis.com/my-bucket/");
 * assert.equal(fields.key, "uploads/report.pdf");
 * assert.match(atob(fields.policy!), /content-length-range/);
 * ```
 */
export async function createSignedPostPolicy(
  credentials: SigningCredentials,
  options: SignedPostPolicyOptions,
): Promise<SignedPostPolicy> {
  refuseUnknownOptions(options, SIGNED_POST_POLICY_OPTION_NAMES, "createSignedPostPolicy()");
  options = ownCopy(options);
  const bucket = requiredString(options.bucket, "bucket");
  const object = requiredString(options.object, "object");
  const expires = expirationSeconds(options);
  const time = requestTime(options);
  const { origin, prefix } = bucketOrigin(options, bucket);
  const email = await credentials.getServiceAccountEmail();
  const given = { ...options.fields };
  for (const [name, value] of Object.entries(given)) {
    if (typeof value !== "string") throw optionError("fields", `has a non-string "${name}"`);
  }
  const signatureFields = {
    "x-goog-date": basicTimestamp(time),
    "x-goog-credential": `${email}/${credentialScope(time)}`,
    "x-goog-algorithm": ALGORITHM,
  };
  const policy = {
    conditions: [
      ...conditionsOf(options.conditions ?? {}),
      ...Object.entries(given)
        .filter(([name]) => !name.startsWith("x-ignore-"))
        .map(([name, value]) => ({ [name]: value })),
      { bucket },
      { key: object },
      ...Object.entries(signatureFields).map(([name, value]) => ({ [name]: value })),
    ],
    expiration: new Date(time.getTime() + expires * 1000).toISOString().replace(/\.\d{3}/, ""),
  };
  const encoded = base64Encode(new TextEncoder().encode(asciiJson(policy)));
  const signature = hex(await credentials.sign(encoded));
  return {
    url: `${origin}${prefix}/`,
    fields: {
      ...given,
      key: object,
      ...signatureFields,
      "x-goog-signature": signature,
      policy: encoded,
    },
  };
}
