/**
 * The codes of the error tree, by the class that carries them (see `errors.ts`).
 *
 * @module
 */

/**
 * Codes of `CredentialsError`: a bad option, key, provider name or OIDC environment, or a
 * credential source (AWS, an executable) that could not give a subject token.
 */
export type CredentialsErrorCode =
  | "ERR_OPTIONS_INVALID"
  | "ERR_OPTIONS_CREDENTIAL_SOURCE"
  | "ERR_OPTIONS_SERVICE_ACCOUNT_REQUIRED"
  | "ERR_OPTIONS_ID_TOKEN_AUDIENCE_REQUIRED"
  | "ERR_PROVIDER_INVALID"
  | "ERR_KEY_EMPTY"
  | "ERR_KEY_MALFORMED"
  | "ERR_KEY_UNSUPPORTED_TYPE"
  | "ERR_KEY_FIELD_MISSING"
  | "ERR_KEY_FIELD_INVALID"
  | "ERR_KEY_PRIVATE_KEY_INVALID"
  | "ERR_OIDC_UNAVAILABLE"
  | "ERR_CREDENTIALS_NOT_FOUND"
  | "ERR_CREDENTIALS_UNREADABLE"
  | "ERR_CREDENTIALS_MALFORMED"
  | "ERR_CREDENTIALS_FIELD_MISSING"
  | "ERR_CREDENTIALS_FIELD_INVALID"
  | "ERR_CREDENTIALS_UNSUPPORTED"
  | "ERR_CREDENTIALS_WRONG_TYPE"
  | "ERR_CREDENTIALS_TYPE_NOT_ALLOWED"
  | "ERR_CREDENTIALS_URL_USERINFO"
  | "ERR_CREDENTIALS_SOURCE_REFUSED"
  | "ERR_ACCESS_BOUNDARY_INVALID"
  | "ERR_API_KEY_INVALID"
  | "ERR_API_KEY_NO_TOKEN"
  | "ERR_AWS_REGION_UNAVAILABLE"
  | "ERR_AWS_CREDENTIALS_UNAVAILABLE"
  | "ERR_EXECUTABLES_NOT_ALLOWED"
  | "ERR_EXECUTABLE_UNAVAILABLE"
  | "ERR_EXECUTABLE_FAILED"
  | "ERR_EXECUTABLE_TIMEOUT"
  | "ERR_EXECUTABLE_RESPONSE_INVALID"
  | "ERR_EXECUTABLE_UNSUCCESSFUL"
  | "ERR_SIGN_NO_SERVICE_ACCOUNT";

/** Codes of `GoogleApiError`: a Google call that failed (after retries). */
export type GoogleApiErrorCode =
  | "ERR_STS_EXCHANGE_FAILED"
  | "ERR_IAM_ACCESS_TOKEN_FAILED"
  | "ERR_IAM_ID_TOKEN_FAILED"
  | "ERR_IAM_SIGN_JWT_FAILED"
  | "ERR_IAM_SIGN_BLOB_FAILED"
  | "ERR_CERTS_REQUEST_FAILED"
  | "ERR_OAUTH2_TOKEN_FAILED"
  | "ERR_METADATA_REQUEST_FAILED"
  | "ERR_SUBJECT_TOKEN_FAILED";

/** Codes of `GithubOidcError`: the GitHub OIDC token request failed (after retries). */
export type GithubOidcErrorCode = "ERR_OIDC_REQUEST_FAILED";

/** Codes of `TokenError`: a successful response that does not hold a usable token. */
export type TokenErrorCode = "ERR_TOKEN_RESPONSE_INVALID";

/** Codes of a transport's configuration error (a proxy variable), which is never retried. */
export type TransportErrorCode = "ERR_PROXY_INVALID";

/** Codes of `VerificationError`: a token that failed one check of `verifyIdToken()` or `verifyIapJwt()`. */
export type VerificationErrorCode =
  | "ERR_TOKEN_MALFORMED"
  | "ERR_TOKEN_ALGORITHM"
  | "ERR_TOKEN_KEY_UNKNOWN"
  | "ERR_TOKEN_SIGNATURE_INVALID"
  | "ERR_TOKEN_AUDIENCE_MISMATCH"
  | "ERR_TOKEN_ISSUER_MISMATCH"
  | "ERR_TOKEN_EXPIRED"
  | "ERR_TOKEN_NOT_YET_VALID"
  | "ERR_TOKEN_USED_TOO_EARLY"
  | "ERR_TOKEN_LIFETIME_TOO_LONG"
  | "ERR_TOKEN_CLAIM_MISMATCH"
  | "ERR_CERTS_INVALID";

/** Every code an `AuthError` can carry. */
export type AuthErrorCode =
  | CredentialsErrorCode
  | GoogleApiErrorCode
  | GithubOidcErrorCode
  | TokenErrorCode
  | VerificationErrorCode
  | TransportErrorCode;
