/**
 * IAM Service Account Credentials API (`iamcredentials:v1`, revision 20240110).
 *
 * Types in the shape openapi-typescript gives an OpenAPI document, written by
 * `deno task discovery-types` from the API's Google Discovery document. Do not edit: generate
 * it again.
 *
 * @module
 */

/** The URL the paths are relative to: the document's `rootUrl` and `servicePath`. */
export const baseUrl = "https://iamcredentials.googleapis.com";

/** Every method, by path and HTTP method. */
export interface paths {
  "/v1/{+name}:generateAccessToken": {
    post: operations["iamcredentials.projects.serviceAccounts.generateAccessToken"];
  };
  "/v1/{+name}:generateIdToken": {
    post: operations["iamcredentials.projects.serviceAccounts.generateIdToken"];
  };
  "/v1/{+name}:signBlob": {
    post: operations["iamcredentials.projects.serviceAccounts.signBlob"];
  };
  "/v1/{+name}:signJwt": {
    post: operations["iamcredentials.projects.serviceAccounts.signJwt"];
  };
}

/** The query parameters every method takes (the document's own `parameters`). */
export interface StandardParameters {
  /** V1 error format. */
  "$.xgafv"?: "1" | "2";
  /** OAuth access token. */
  access_token?: string;
  /** Data format for response. */
  alt?: "json" | "media" | "proto";
  /** JSONP */
  callback?: string;
  /** Selector specifying which fields to include in a partial response. */
  fields?: string;
  /** API key. Your API key identifies your project and provides you with API access, quota, and reports. Required unless you provide an OAuth 2.0 token. */
  key?: string;
  /** OAuth 2.0 token for the current user. */
  oauth_token?: string;
  /** Returns response with indentations and line breaks. */
  prettyPrint?: boolean;
  /** Available to use for quota purposes for server-side applications. Can be any arbitrary string assigned to a user, but should not exceed 40 characters. */
  quotaUser?: string;
  /** Legacy upload protocol for media (e.g. "media", "multipart"). */
  uploadType?: string;
  /** Upload protocol for media (e.g. "raw", "multipart"). */
  upload_protocol?: string;
}

/** Every method by its Discovery id: parameters, body and response. */
export interface operations {
  /** Generates an OAuth 2.0 access token for a service account. */
  "iamcredentials.projects.serviceAccounts.generateAccessToken": {
    parameters: {
      query?: StandardParameters;
      path: {
        /** Required. The resource name of the service account for which the credentials are requested, in the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
        name: string;
      };
    };
    requestBody: {
      content: { "application/json": components["schemas"]["GenerateAccessTokenRequest"] };
    };
    responses: {
      200: {
        content: { "application/json": components["schemas"]["GenerateAccessTokenResponse"] };
      };
    };
  };
  /** Generates an OpenID Connect ID token for a service account. */
  "iamcredentials.projects.serviceAccounts.generateIdToken": {
    parameters: {
      query?: StandardParameters;
      path: {
        /** Required. The resource name of the service account for which the credentials are requested, in the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
        name: string;
      };
    };
    requestBody: {
      content: { "application/json": components["schemas"]["GenerateIdTokenRequest"] };
    };
    responses: {
      200: {
        content: { "application/json": components["schemas"]["GenerateIdTokenResponse"] };
      };
    };
  };
  /** Signs a blob using a service account's system-managed private key. */
  "iamcredentials.projects.serviceAccounts.signBlob": {
    parameters: {
      query?: StandardParameters;
      path: {
        /** Required. The resource name of the service account for which the credentials are requested, in the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
        name: string;
      };
    };
    requestBody: {
      content: { "application/json": components["schemas"]["SignBlobRequest"] };
    };
    responses: {
      200: {
        content: { "application/json": components["schemas"]["SignBlobResponse"] };
      };
    };
  };
  /** Signs a JWT using a service account's system-managed private key. */
  "iamcredentials.projects.serviceAccounts.signJwt": {
    parameters: {
      query?: StandardParameters;
      path: {
        /** Required. The resource name of the service account for which the credentials are requested, in the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
        name: string;
      };
    };
    requestBody: {
      content: { "application/json": components["schemas"]["SignJwtRequest"] };
    };
    responses: {
      200: {
        content: { "application/json": components["schemas"]["SignJwtResponse"] };
      };
    };
  };
}

/** The document's schemas. */
export interface components {
  schemas: {
    GenerateAccessTokenRequest: {
      /** The sequence of service accounts in a delegation chain. This field is required for [delegated requests](https://cloud.google.com/iam/help/credentials/delegated-request). For [direct requests](https://cloud.google.com/iam/help/credentials/direct-request), which are more common, do not specify this field. Each service account must be granted the `roles/iam.serviceAccountTokenCreator` role on its next service account in the chain. The last service account in the chain must be granted the `roles/iam.serviceAccountTokenCreator` role on the service account that is specified in the `name` field of the request. The delegates must have the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
      delegates?: (string)[];
      /** The desired lifetime duration of the access token in seconds. By default, the maximum allowed value is 1 hour. To set a lifetime of up to 12 hours, you can add the service account as an allowed value in an Organization Policy that enforces the `constraints/iam.allowServiceAccountCredentialLifetimeExtension` constraint. See detailed instructions at https://cloud.google.com/iam/help/credentials/lifetime If a value is not specified, the token's lifetime will be set to a default value of 1 hour. */
      lifetime?: string;
      /** Required. Code to identify the scopes to be included in the OAuth 2.0 access token. See https://developers.google.com/identity/protocols/googlescopes for more information. At least one value required. */
      scope?: (string)[];
    };
    GenerateAccessTokenResponse: {
      /** The OAuth 2.0 access token. */
      accessToken?: string;
      /** Token expiration time. The expiration time is always set. */
      expireTime?: string;
    };
    GenerateIdTokenRequest: {
      /** Required. The audience for the token, such as the API or account that this token grants access to. */
      audience?: string;
      /** The sequence of service accounts in a delegation chain. Each service account must be granted the `roles/iam.serviceAccountTokenCreator` role on its next service account in the chain. The last service account in the chain must be granted the `roles/iam.serviceAccountTokenCreator` role on the service account that is specified in the `name` field of the request. The delegates must have the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
      delegates?: (string)[];
      /** Include the service account email in the token. If set to `true`, the token will contain `email` and `email_verified` claims. */
      includeEmail?: boolean;
    };
    GenerateIdTokenResponse: {
      /** The OpenId Connect ID token. */
      token?: string;
    };
    SignBlobRequest: {
      /** The sequence of service accounts in a delegation chain. Each service account must be granted the `roles/iam.serviceAccountTokenCreator` role on its next service account in the chain. The last service account in the chain must be granted the `roles/iam.serviceAccountTokenCreator` role on the service account that is specified in the `name` field of the request. The delegates must have the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
      delegates?: (string)[];
      /** Required. The bytes to sign. */
      payload?: string;
    };
    SignBlobResponse: {
      /** The ID of the key used to sign the blob. The key used for signing will remain valid for at least 12 hours after the blob is signed. To verify the signature, you can retrieve the public key in several formats from the following endpoints: - RSA public key wrapped in an X.509 v3 certificate: `https://www.googleapis.com/service_accounts/v1/metadata/x509/{ACCOUNT_EMAIL}` - Raw key in JSON format: `https://www.googleapis.com/service_accounts/v1/metadata/raw/{ACCOUNT_EMAIL}` - JSON Web Key (JWK): `https://www.googleapis.com/service_accounts/v1/metadata/jwk/{ACCOUNT_EMAIL}` */
      keyId?: string;
      /** The signature for the blob. Does not include the original blob. After the key pair referenced by the `key_id` response field expires, Google no longer exposes the public key that can be used to verify the blob. As a result, the receiver can no longer verify the signature. */
      signedBlob?: string;
    };
    SignJwtRequest: {
      /** The sequence of service accounts in a delegation chain. Each service account must be granted the `roles/iam.serviceAccountTokenCreator` role on its next service account in the chain. The last service account in the chain must be granted the `roles/iam.serviceAccountTokenCreator` role on the service account that is specified in the `name` field of the request. The delegates must have the following format: `projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`. The `-` wildcard character is required; replacing it with a project ID is invalid. */
      delegates?: (string)[];
      /** Required. The JWT payload to sign. Must be a serialized JSON object that contains a JWT Claims Set. For example: `{"sub": "user@example.com", "iat": 313435}` If the JWT Claims Set contains an expiration time (`exp`) claim, it must be an integer timestamp that is not in the past and no more than 12 hours in the future. */
      payload?: string;
    };
    SignJwtResponse: {
      /** The ID of the key used to sign the JWT. The key used for signing will remain valid for at least 12 hours after the JWT is signed. To verify the signature, you can retrieve the public key in several formats from the following endpoints: - RSA public key wrapped in an X.509 v3 certificate: `https://www.googleapis.com/service_accounts/v1/metadata/x509/{ACCOUNT_EMAIL}` - Raw key in JSON format: `https://www.googleapis.com/service_accounts/v1/metadata/raw/{ACCOUNT_EMAIL}` - JSON Web Key (JWK): `https://www.googleapis.com/service_accounts/v1/metadata/jwk/{ACCOUNT_EMAIL}` */
      keyId?: string;
      /** The signed JWT. Contains the automatically generated header; the client-supplied payload; and the signature, which is generated using the key referenced by the `kid` field in the header. After the key pair referenced by the `key_id` response field expires, Google no longer exposes the public key that can be used to verify the JWT. As a result, the receiver can no longer verify the signature. */
      signedJwt?: string;
    };
  };
}
