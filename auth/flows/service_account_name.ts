/**
 * Service account identifiers: validation of emails and unique ids, delegate normalisation, and
 * the project id an email names.
 *
 * @module
 */

import { CredentialsError } from "../errors.ts";
import { HINTS } from "../_hints.ts";
import { quote } from "../_util/quote.ts";

const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}$/;
const UNIQUE_ID = /^\d{1,30}$/;
const RESOURCE_PREFIX = "projects/-/serviceAccounts/";
const RESOURCE = /^projects\/[^/\s]{1,100}\/serviceAccounts\/([^/\s]{1,320})$/;
const IAM_DOMAIN = /^([a-z][a-z0-9-]{4,28}[a-z0-9])\.iam\.gserviceaccount\.com$/;

/**
 * Checks that `value` is a service account email or numeric unique id (so it can go into a URL
 * path unencoded) and returns it trimmed.
 *
 * @param value The service account.
 * @param option The option the value came in, default `serviceAccount` (the error's `option`).
 * @param label How the message names it, default the option.
 * @returns The trimmed service account.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` when it is neither.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateServiceAccount } from "./mod.ts";
 *
 * assert.equal(validateServiceAccount(" sa@p.iam.gserviceaccount.com "), "sa@p.iam.gserviceaccount.com");
 * assert.throws(() => validateServiceAccount("sa/../../x"), /is not a service account email/);
 * ```
 */
export function validateServiceAccount(
  value: string,
  option = "serviceAccount",
  label = option,
): string {
  const trimmed = value.trim();
  if (EMAIL.test(trimmed) || UNIQUE_ID.test(trimmed)) return trimmed;
  throw new CredentialsError(
    "ERR_OPTIONS_INVALID",
    `Cannot use ${label} ${quote(trimmed)}: it is not a service account email or unique id`,
    {
      option,
      hint: HINTS.serviceAccountName,
    },
  );
}

/**
 * Normalises a delegation chain: bare emails and unique ids become
 * `projects/-/serviceAccounts/<email>`, resource names are kept, blanks are dropped.
 *
 * @param delegates Emails, unique ids or `projects/<p>/serviceAccounts/<email>` names.
 * @returns The resource names IAM Credentials expects.
 * @throws {CredentialsError} `ERR_OPTIONS_INVALID` naming a delegate that is neither.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeDelegates } from "./mod.ts";
 *
 * assert.deepEqual(normalizeDelegates(["a@p.iam.gserviceaccount.com", "projects/-/serviceAccounts/b@q.iam.gserviceaccount.com", " "]), [
 *   "projects/-/serviceAccounts/a@p.iam.gserviceaccount.com",
 *   "projects/-/serviceAccounts/b@q.iam.gserviceaccount.com",
 * ]);
 * ```
 */
export function normalizeDelegates(delegates: readonly string[]): string[] {
  const result: string[] = [];
  for (const raw of delegates) {
    const delegate = raw.trim();
    if (delegate === "") continue;
    const resource = RESOURCE.exec(delegate);
    const account = validateServiceAccount(resource?.[1] ?? delegate, "delegates");
    result.push(resource === null ? `${RESOURCE_PREFIX}${account}` : delegate);
  }
  return result;
}

/**
 * The project id a user-managed service account email names (`name@<project>.iam.gserviceaccount.com`),
 * or `undefined` for any other email (default compute accounts, Google-managed accounts).
 *
 * @param email The service account email.
 * @returns The project id, if the email names one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectIdFromServiceAccount } from "./mod.ts";
 *
 * assert.equal(projectIdFromServiceAccount("ci@my-proj.iam.gserviceaccount.com"), "my-proj");
 * assert.equal(projectIdFromServiceAccount("123-compute@developer.gserviceaccount.com"), undefined);
 * ```
 */
export function projectIdFromServiceAccount(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  if (at <= 0) return undefined;
  return IAM_DOMAIN.exec(email.slice(at + 1).toLowerCase())?.[1];
}
