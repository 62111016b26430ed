/**
 * What to do about each failure: the default hint of every code, in one table per error class
 * ({@linkcode CREDENTIALS_ERROR_HINTS} and the others), and the hints of particular situations,
 * one constant each ({@linkcode NETWORK_HINT} and the others). Each is one whole imperative
 * sentence, written out in full so that a hint a user pastes can be found here with grep. A
 * bundle carries the tables of the error classes it uses and the situations it meets, no more.
 *
 * @module
 */

import type {
  AuthErrorCode,
  CredentialsErrorCode,
  GithubOidcErrorCode,
  GoogleApiErrorCode,
  TokenErrorCode,
  TransportErrorCode,
  VerificationErrorCode,
} from "./error_codes.ts";

/** The codes of the AWS and executable credential sources. */
type ExternalSourceErrorCode = Extract<
  CredentialsErrorCode,
  `ERR_AWS_${string}` | `ERR_EXECUTABLE${string}`
>;

/** The codes of `authenticate()` and the GitHub side of its flow. */
type AuthenticateErrorCode =
  | "ERR_OPTIONS_CREDENTIAL_SOURCE"
  | "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED"
  | "ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED"
  | "ERR_PROVIDER_INVALID"
  | "ERR_OIDC_UNAVAILABLE";

/**
 * The codes of `CredentialsError` whose default hint the class gives: those any use of the
 * library can meet. The others come with the one function or source that raises them.
 */
type CoreCredentialsErrorCode = Exclude<
  CredentialsErrorCode,
  | ExternalSourceErrorCode
  | AuthenticateErrorCode
  | "ERR_API_KEY_INVALID"
  | "ERR_API_KEY_NO_TOKEN"
  | "ERR_ACCESS_BOUNDARY_INVALID"
  | "ERR_CREDENTIALS_NOT_FOUND"
  | "ERR_CREDENTIALS_UNREADABLE"
  | "ERR_KEY_EMPTY"
  | "ERR_KEY_MALFORMED"
  | "ERR_KEY_UNSUPPORTED_TYPE"
  | "ERR_CREDENTIALS_UNSUPPORTED"
  | "ERR_CREDENTIALS_TYPE_NOT_ALLOWED"
  | "ERR_CREDENTIALS_SOURCE_REFUSED"
>;

/** The default hint of each code of `CredentialsError` the class gives (the others: below). */
export const CREDENTIALS_ERROR_HINTS: Readonly<Record<CoreCredentialsErrorCode, string>> =
  /* @__PURE__ */ Object.freeze({
    ERR_OPTIONS_INVALID: "Fix the named option",
    ERR_KEY_FIELD_MISSING: "Create a new key and pass the file as downloaded",
    ERR_KEY_FIELD_INVALID: "Create a new key and pass the file as downloaded",
    ERR_KEY_PRIVATE_KEY_INVALID: "Create a new key and pass the file as downloaded",
    ERR_CREDENTIALS_MALFORMED:
      "Pass the file as gcloud, the Cloud console or the workflow step wrote it",
    ERR_CREDENTIALS_FIELD_MISSING:
      "Add the field, or create the file again with gcloud or the Cloud console",
    ERR_CREDENTIALS_FIELD_INVALID: "Fix the field (docs/credentials.md lists each type's)",
    ERR_CREDENTIALS_WRONG_TYPE:
      "Pass a configuration of the type the function makes, or use the function of its type (credentialsFromJson() takes every type, for configurations you trust)",
    ERR_CREDENTIALS_URL_USERINFO:
      "Remove the user name and password (user:password@) from the URL the message names; Google's endpoints authenticate with tokens",
    ERR_SIGN_NO_SERVICE_ACCOUNT:
      "Sign with credentials that act as a service account: a service_account key, impersonated_service_account credentials, service_account_impersonation_url in an external_account file, or the metadata server",
  });

/** `ERR_KEY_EMPTY`'s hint, given by the key JSON parser (`authenticate()`'s `credentialsJson`). */
export const KEY_EMPTY_HINT =
  "Pass the service account key JSON; forks and Dependabot get no secrets";

/** `ERR_KEY_MALFORMED`'s hint, given by the key JSON parser. */
export const KEY_MALFORMED_HINT =
  "Pass the key file as downloaded (or `jq -c .` of it) or its base64";

/** `ERR_KEY_UNSUPPORTED_TYPE`'s hint, given by the key JSON parser. */
export const KEY_UNSUPPORTED_TYPE_HINT =
  'Pass a "service_account" key; for federation use a Workload Identity provider instead';

/** `ERR_CREDENTIALS_UNSUPPORTED`'s hint, given where a file or a use is not supported. */
export const CREDENTIALS_UNSUPPORTED_HINT =
  "Use a service_account, external_account (url, file, AWS, executable or certificate source; a certificate source needs a runtime or a fetch that presents a client certificate), impersonated_service_account, authorized_user or external_account_authorized_user file; for ID tokens, credentials that act as a service account";

/** `ERR_CREDENTIALS_TYPE_NOT_ALLOWED`'s hint, given by the `allowedTypes` check. */
export const TYPE_NOT_ALLOWED_HINT =
  "Pass a configuration of a type the allowedTypes option lists; add its type there only if you trust where the configuration came from";

/** `ERR_CREDENTIALS_SOURCE_REFUSED`'s hint, given by the `refuseLocalSources` check. */
export const SOURCE_REFUSED_HINT =
  "Use a credential configuration with a url credential source, or leave refuseLocalSources unset for configurations you trust";

/**
 * The default hints of the codes of `authenticate()` and the GitHub side of its flow (its options,
 * the provider name, the runner's OIDC environment), which those functions give themselves.
 */
export const AUTHENTICATE_HINTS: Readonly<Record<AuthenticateErrorCode, string>> =
  /* @__PURE__ */ Object.freeze({
    ERR_OPTIONS_CREDENTIAL_SOURCE:
      "Set exactly one of workloadIdentityProvider or credentialsJson; forks and Dependabot get no secrets",
    ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED: "Set serviceAccount to the account to impersonate",
    ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED: "Set idTokenAudience (such as a Cloud Run URL)",
    ERR_PROVIDER_INVALID:
      "Use projects/<project number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>",
    ERR_OIDC_UNAVAILABLE:
      "Add `permissions: id-token: write` to the job; forks and Dependabot get no OIDC token",
  });

/** The default hints of the codes of `loadCredentials()`'s lookup, which it gives itself. */
export const ADC_HINTS: Readonly<
  Record<"ERR_CREDENTIALS_NOT_FOUND" | "ERR_CREDENTIALS_UNREADABLE", string>
> = /* @__PURE__ */ Object.freeze({
  ERR_CREDENTIALS_NOT_FOUND:
    "Set GOOGLE_APPLICATION_CREDENTIALS, run `gcloud auth application-default login`, pass `credentials` or run on Google Cloud",
  ERR_CREDENTIALS_UNREADABLE:
    "Make the file named by GOOGLE_APPLICATION_CREDENTIALS readable, or pass `readFile` where there is no file system",
});

/**
 * The default hints of the codes of the optional credential sources (AWS, executable), given by
 * the modules that raise them, not by `CredentialsError`: a bundle without those sources carries
 * none of them.
 */
export const EXTERNAL_SOURCE_HINTS: Readonly<Record<ExternalSourceErrorCode, string>> =
  /* @__PURE__ */ Object.freeze({
    ERR_AWS_REGION_UNAVAILABLE:
      "Set AWS_REGION (or AWS_DEFAULT_REGION), or give credential_source a region_url (the EC2 metadata service's availability-zone URL)",
    ERR_AWS_CREDENTIALS_UNAVAILABLE:
      "Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary keys), or give credential_source a url (the EC2 metadata service's security-credentials URL) on an instance with a role",
    ERR_EXECUTABLES_NOT_ALLOWED:
      "Set GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES=1 if you trust the configuration's command (or pass env with it)",
    ERR_EXECUTABLE_UNAVAILABLE:
      "This runtime starts no program (a Worker): use another credential source, or pass the option runExecutable (Deno, Bun and Node start programs by default)",
    ERR_EXECUTABLE_FAILED:
      "Run the command yourself with the GOOGLE_EXTERNAL_ACCOUNT_* variables set and fix what it reports; it must exit 0 and print one JSON response",
    ERR_EXECUTABLE_TIMEOUT:
      "Make the program answer sooner, or raise credential_source.executable.timeout_millis (at most 120000)",
    ERR_EXECUTABLE_RESPONSE_INVALID:
      "Make the program print a version 1 response: version, success, token_type, id_token or saml_response, and expiration_time (required with an output_file)",
    ERR_EXECUTABLE_UNSUCCESSFUL:
      "Fix what the program's code and message report (often a sign-in it needs first), then retry",
  });

/** The default hints of `credentialsFromApiKey()`'s codes, which it gives itself. */
export const API_KEY_HINTS: Readonly<
  Record<"ERR_API_KEY_INVALID" | "ERR_API_KEY_NO_TOKEN", string>
> = /* @__PURE__ */ Object.freeze({
  ERR_API_KEY_INVALID: "Pass the API key as the Cloud console shows it: one word, no spaces",
  ERR_API_KEY_NO_TOKEN:
    "Send the key with getRequestHeaders() or fetch(); for an access or ID token use credentials from loadCredentials() or credentialsFromJson()",
});

/** The default hint of `ERR_ACCESS_BOUNDARY_INVALID`, which `downscopedCredentials()` gives itself. */
export const ACCESS_BOUNDARY_HINT =
  "Give 1 to 10 accessBoundaryRules, each with an availableResource (//storage.googleapis.com/projects/_/buckets/<bucket>) and availablePermissions as inRole:roles/<role>";

/**
 * The default hint of `GoogleApiError`'s code that every kind of credentials can raise (a token
 * endpoint's refusal). Each other code's hint is given by the module that raises it (its
 * `defaultHint`), so that a bundle carries the hints of the calls it makes only.
 */
export const GOOGLE_API_ERROR_HINTS: Readonly<Partial<Record<GoogleApiErrorCode, string>>> =
  /* @__PURE__ */ Object.freeze({
    ERR_OAUTH2_TOKEN_FAILED:
      "Authorize the client ID for the scopes (Workspace admin console, domain-wide delegation); keep the lifetime at most 1 hour",
  });

/** `ERR_STS_EXCHANGE_FAILED`'s default hint, given by every STS exchange. */
export const STS_EXCHANGE_HINT =
  "Check the provider name, the OIDC audience and the attribute condition against the token's claims";

/** `ERR_IAM_ACCESS_TOKEN_FAILED`'s and `ERR_IAM_ID_TOKEN_FAILED`'s default hint. */
export const IAM_TOKEN_HINT =
  "Grant the caller roles/iam.serviceAccountTokenCreator (or roles/iam.workloadIdentityUser for federation) on the service account; IAM changes take up to 5 minutes";

/** `ERR_IAM_SIGN_JWT_FAILED`'s default hint. */
export const IAM_SIGN_JWT_HINT =
  "Grant the workload identity principal roles/iam.serviceAccountTokenCreator on the service account; IAM changes take up to 5 minutes";

/** `ERR_IAM_SIGN_BLOB_FAILED`'s default hint. */
export const IAM_SIGN_BLOB_HINT =
  "Grant the caller roles/iam.serviceAccountTokenCreator on the service account (on itself for the metadata server's account); IAM changes take up to 5 minutes";

/** `ERR_CERTS_REQUEST_FAILED`'s default hint. */
export const CERTS_REQUEST_HINT =
  "Check that the runtime can reach the certificates URL (or the certsUrl/keysUrl option) and retry";

/** `ERR_METADATA_REQUEST_FAILED`'s default hint. */
export const METADATA_REQUEST_HINT =
  "Attach a service account to the workload; check GCE_METADATA_HOST if set";

/** `ERR_SUBJECT_TOKEN_FAILED`'s default hint, given by every `external_account` source. */
export const SUBJECT_TOKEN_HINT =
  "Check credential_source: its URL must answer (with its headers), its file hold the token, or its certificate configuration name readable PEM certificate and key files";

/** The default hint of each code of `GithubOidcError`. */
export const GITHUB_OIDC_ERROR_HINTS: Readonly<Record<GithubOidcErrorCode, string>> =
  /* @__PURE__ */ Object.freeze({
    ERR_OIDC_REQUEST_FAILED:
      "Check `permissions: id-token: write` and that the job still runs; retry after a GitHub outage",
  });

/** The default hint of each code of `TokenError`. */
export const TOKEN_ERROR_HINTS: Readonly<Record<TokenErrorCode, string>> = /* @__PURE__ */ Object
  .freeze({
    ERR_TOKEN_RESPONSE_INVALID:
      "Retry; if it persists, check that endpoint overrides point at Google",
  });

/** The default hint of each code of `VerificationError`. */
export const VERIFICATION_ERROR_HINTS: Readonly<Record<VerificationErrorCode, string>> =
  /* @__PURE__ */ Object.freeze({
    ERR_TOKEN_MALFORMED:
      "Pass the whole compact JWT (three base64url parts separated by dots); refuse a token whose exp, iat or nbf is missing or not a number",
    ERR_TOKEN_ALGORITHM:
      "Accept only tokens signed as Google signs them (RS256 ID tokens, ES256 IAP assertions); refuse the request",
    ERR_TOKEN_KEY_UNKNOWN:
      "Refuse the request: the token names a key Google does not publish (forged, or from another issuer)",
    ERR_TOKEN_SIGNATURE_INVALID: "Refuse the request: the token's signature does not verify",
    ERR_TOKEN_AUDIENCE_MISMATCH:
      "Pass as audience the value the caller mints its token for (a Cloud Run URL, or IAP's /projects/<number>/... audience)",
    ERR_TOKEN_ISSUER_MISMATCH: "Refuse the request: the token was not issued by Google",
    ERR_TOKEN_EXPIRED: "Have the caller mint a new token; check the clocks if it was fresh",
    ERR_TOKEN_NOT_YET_VALID:
      "Check the clocks of the caller and this service, or raise clockSkewSeconds",
    ERR_TOKEN_USED_TOO_EARLY:
      "Check the clocks of the caller and this service; refuse a token issued in the future",
    ERR_TOKEN_LIFETIME_TOO_LONG:
      "Refuse the request: Google's tokens live an hour at most, none more than a day",
    ERR_TOKEN_CLAIM_MISMATCH: "Refuse the request, or check the email and hd options",
    ERR_CERTS_INVALID:
      "Check that the certificates URL (or the certsUrl/keysUrl option) serves Google's JWK Set",
  });

/** The default hint of each code of `AuthError` itself (a transport's configuration). */
export const TRANSPORT_ERROR_HINTS: Readonly<Record<TransportErrorCode, string>> =
  /* @__PURE__ */ Object.freeze({
    ERR_PROXY_INVALID:
      "Set the variable to http://host:port or https://host:port (user:password@ allowed, percent-encoded), or unset it",
  });

/**
 * The default hint of every code, all classes together.
 *
 * @example Every code has one
 * ```ts
 * import assert from "node:assert/strict";
 * import { AUTH_ERROR_HINTS } from "./_hints.ts";
 *
 * assert.match(AUTH_ERROR_HINTS.ERR_OIDC_UNAVAILABLE, /id-token: write/);
 * ```
 */
export const AUTH_ERROR_HINTS: Readonly<Record<AuthErrorCode, string>> = /* @__PURE__ */ Object
  .freeze(
    // Object.assign, not spreads: a bundler keeps an unused object literal with spreads.
    /* @__PURE__ */ Object.assign(
      {},
      CREDENTIALS_ERROR_HINTS,
      {
        ERR_KEY_EMPTY: KEY_EMPTY_HINT,
        ERR_KEY_MALFORMED: KEY_MALFORMED_HINT,
        ERR_KEY_UNSUPPORTED_TYPE: KEY_UNSUPPORTED_TYPE_HINT,
        ERR_CREDENTIALS_UNSUPPORTED: CREDENTIALS_UNSUPPORTED_HINT,
        ERR_CREDENTIALS_TYPE_NOT_ALLOWED: TYPE_NOT_ALLOWED_HINT,
        ERR_CREDENTIALS_SOURCE_REFUSED: SOURCE_REFUSED_HINT,
      },
      EXTERNAL_SOURCE_HINTS,
      AUTHENTICATE_HINTS,
      ADC_HINTS,
      API_KEY_HINTS,
      { ERR_ACCESS_BOUNDARY_INVALID: ACCESS_BOUNDARY_HINT },
      GOOGLE_API_ERROR_HINTS,
      {
        ERR_STS_EXCHANGE_FAILED: STS_EXCHANGE_HINT,
        ERR_IAM_ACCESS_TOKEN_FAILED: IAM_TOKEN_HINT,
        ERR_IAM_ID_TOKEN_FAILED: IAM_TOKEN_HINT,
        ERR_IAM_SIGN_JWT_FAILED: IAM_SIGN_JWT_HINT,
        ERR_IAM_SIGN_BLOB_FAILED: IAM_SIGN_BLOB_HINT,
        ERR_CERTS_REQUEST_FAILED: CERTS_REQUEST_HINT,
        ERR_METADATA_REQUEST_FAILED: METADATA_REQUEST_HINT,
        ERR_SUBJECT_TOKEN_FAILED: SUBJECT_TOKEN_HINT,
      },
      GITHUB_OIDC_ERROR_HINTS,
      TOKEN_ERROR_HINTS,
      VERIFICATION_ERROR_HINTS,
      TRANSPORT_ERROR_HINTS,
    ),
  );

// The hints of particular situations, which replace a code's default hint where they say more.

/** A call that got no response (DNS, refused, reset, timeout): not a permission problem. */
export const NETWORK_HINT =
  "Check that the runner can reach the host (DNS, firewall, HTTPS_PROXY/NO_PROXY); a timeout or reset is often transient: retry";

/** The runtime's permissions refused a call (Deno without `--allow-net`). */
export const NET_PERMISSION_HINT =
  "Give the process network access to the host the message names (Deno: --allow-net=<host>), or pass a fetch that may reach it";

/** A call whose last answer after its retries had a retryable status: the service failed. */
export const SERVER_HINT =
  "Retry later: the service kept failing or throttling (HTTP 5xx, 429 or 408)";

/** The OIDC environment or token request shows the job lacks the permission. */
export const OIDC_PERMISSION_HINT =
  "Add `permissions: id-token: write` to the job (or workflow); pull requests from forks and Dependabot runs get no OIDC token";

/** STS refused the GitHub token's audience. */
export const STS_AUDIENCE_HINT =
  "Request the GitHub OIDC token for an audience the provider allows (by default https://iam.googleapis.com/<provider name>), and check the provider name";

/** STS refused the GitHub token by the provider's attribute condition. */
export const STS_ATTRIBUTE_CONDITION_HINT =
  "Change the provider's attribute condition or run from a repository, ref and workflow it allows";

/** The refused GitHub token's `sub` is GitHub's immutable form; the hint adds the condition. */
export const STS_IMMUTABLE_SUBJECT_HINT =
  "The repository uses GitHub's immutable subject format (repo:OWNER@OWNER_ID/REPO@REPO_ID:...), which a condition on the name-only sub does not match: write the condition on the ids";

/** STS refused the GitHub token for another reason. */
export const STS_PROVIDER_HINT =
  "Check the provider name, its issuer (https://token.actions.githubusercontent.com), allowed audiences and attribute condition";

/** A key's token endpoint refused its assertion. */
export const KEY_REJECTED_HINT =
  "Check that the key and its service account exist and are enabled, or create a new key";

/** The token endpoint refused an assertion's iat and exp: the signer's clock is off. */
export const CLOCK_HINT =
  "Set the clock of the machine that signs right (NTP), or fix the `now` option: the assertion's iat and exp come from it, and Google refused them as out of its own time";

/** An authorized user's refresh token was refused. */
export const USER_LOGIN_HINT =
  "Run `gcloud auth application-default login` again: the refresh token is revoked, expired or another client's";

/** STS refused a workforce pool user's refresh token. */
export const WORKFORCE_LOGIN_HINT =
  "Run `gcloud auth application-default login --login-config=<login config file>` again: the refresh token is revoked, expired or another client's";

/** gcloud's well-known credentials file cannot be read. */
export const WELL_KNOWN_UNREADABLE_HINT =
  "Make gcloud's application default credentials file readable (or run `gcloud auth application-default login` again), or pass `readFile` where there is no file system";

/** IAM refused an access token lifetime over 1 hour: the organization policy does not allow it. */
export const LIFETIME_ORG_POLICY_HINT =
  "Request at most 1 hour (3600 s), or have an organization admin list the service account in the org policy constraints/iam.allowServiceAccountCredentialLifetimeExtension, which allows up to 12 hours";

/** IAM refused an access token lifetime over 12 hours, the most it issues. */
export const LIFETIME_MAX_HINT =
  "Request at most 12 hours (43200 s): IAM issues no longer-lived access tokens";

/** An options object with a name the function does not take (JavaScript does not check). */
export const UNKNOWN_OPTION_HINT =
  "Spell the option as the function's documentation does (docs/auth.md, docs/credentials.md): JavaScript callers get no check of option names";

/** A service account that is neither an email nor a unique id. */
export const SERVICE_ACCOUNT_NAME_HINT =
  "Pass the service account email (name@project.iam.gserviceaccount.com)";

/** An endpoint override that is not a whole base URL. */
export const ENDPOINT_OVERRIDE_HINT = "Pass a whole base URL such as https://sts.googleapis.com/v1";

/** A universe that is not a domain name. */
export const UNIVERSE_HINT = "Pass the universe domain, such as googleapis.com";

/** Credentials that name no project, asked for one (an SDK's `getProjectId()`). */
export const PROJECT_ID_HINT =
  "Pass the project to the SDK, or set GOOGLE_CLOUD_PROJECT before loading the credentials";
