/**
 * Public types of the emulator: its options, the faults it can inject, what it records and the
 * handle {@linkcode startEmulator} returns.
 *
 * @module
 */

/** The claims of the GitHub OIDC tokens the emulator issues (strings, as GitHub sends them). */
export interface GithubClaims {
  /**
   * Derived from `repository` and `ref` unless set: `repo:<owner>/<repo>:ref:<ref>`, or with
   * `immutableSubject` `repo:<owner>@<owner id>/<repo>@<repo id>:ref:<ref>`.
   */
  sub: string;
  /** `<owner>/<repo>`. */
  repository: string;
  /** The owner part of `repository` unless set. */
  repository_owner: string;
  /** The owner's immutable decimal id; default `1000001`. */
  repository_owner_id: string;
  /** The repository's immutable decimal id; default `2000002`. */
  repository_id: string;
  /** Such as `refs/heads/main`. */
  ref: string;
  /** `branch` or `tag`. */
  ref_type: string;
  /** The commit. */
  sha: string;
  /** The user that triggered the run. */
  actor: string;
  /** The workflow's name. */
  workflow: string;
  /** Such as `push`, `pull_request`, `workflow_dispatch`. */
  event_name: string;
  /** The pull request's head branch (empty otherwise). */
  head_ref: string;
  /** The pull request's base branch (empty otherwise). */
  base_ref: string;
  /** Decimal id of the run. */
  run_id: string;
  /** Decimal run number. */
  run_number: string;
  /** Decimal attempt. */
  run_attempt: string;
  /** `<owner>/<repo>/.github/workflows/<file>@<ref>`. */
  job_workflow_ref: string;
  /** Further claims, such as `environment` or `repository_visibility`. */
  [claim: string]: string;
}

/** How the emulated GitHub issues OIDC tokens. */
export interface GithubOptions {
  /** Claims to set or override; `sub` and `repository_owner` follow `repository` and `ref`. */
  claims?: Partial<GithubClaims>;
  /**
   * Issue GitHub's immutable subject, `repo:<owner>@<owner id>/<repo>@<repo id>:ref:<ref>`, as
   * GitHub does for repositories created or renamed on or after 2026-07-15 and older ones that opt
   * in; default `false`: the name-only `repo:<owner>/<repo>:ref:<ref>` of older repositories. The
   * `repository_id` and `repository_owner_id` claims are issued either way.
   */
  immutableSubject?: boolean;
  /** The `iss` claim; default `https://token.actions.githubusercontent.com`. */
  issuer?: string;
  /** The `ACTIONS_ID_TOKEN_REQUEST_TOKEN` the endpoint accepts; default a random value. */
  requestToken?: string;
  /** Token lifetime in seconds; default 300, as GitHub's. */
  tokenLifetimeSeconds?: number;
}

/** The workload identity pool provider the emulated STS trusts. */
export interface ProviderOptions {
  /**
   * The full resource name; default
   * `projects/123456789012/locations/global/workloadIdentityPools/github/providers/emulated`.
   */
  name?: string;
  /** The issuer the provider accepts; default the GitHub issuer. */
  issuer?: string;
  /**
   * The `aud` values accepted. Empty or left out, as Google's: the provider's full resource name
   * with or without the scheme, `https://iam.<universe>/<name>` or `//iam.<universe>/<name>`.
   */
  allowedAudiences?: readonly string[];
  /**
   * CEL attribute mapping, target to expression; default `google.subject` = `assertion.sub`,
   * `attribute.actor`, `attribute.repository` and `attribute.repository_owner` from the claims.
   */
  attributeMapping?: Readonly<Record<string, string>>;
  /**
   * CEL attribute condition over `assertion`, `attribute` and `google`, such as
   * `assertion.repository_owner == 'octo-org'`; default none (every token is accepted).
   */
  attributeCondition?: string;
}

/**
 * The workforce pool provider the emulated STS trusts (workforce identity federation: people of
 * an organization's identity provider, `external_account` files with
 * `workforce_pool_user_project` and `external_account_authorized_user` files). Its subject tokens
 * are OIDC tokens like the emulated GitHub's (by default from that issuer).
 */
export interface WorkforceProviderOptions {
  /**
   * The full resource name; default
   * `locations/global/workforcePools/emulated-workforce/providers/emulated`.
   */
  name?: string;
  /** The issuer the provider accepts; default the emulated GitHub's. */
  issuer?: string;
  /**
   * The `aud` values accepted (a workforce OIDC provider's client id); default the provider's
   * full resource name with `https:` or without a scheme, as for the workload provider.
   */
  allowedAudiences?: readonly string[];
  /** CEL attribute mapping; default as {@linkcode ProviderOptions.attributeMapping}. */
  attributeMapping?: Readonly<Record<string, string>>;
  /** CEL attribute condition; default none. */
  attributeCondition?: string;
  /**
   * The projects a workforce user may name as `workforce_pool_user_project` (the project billed
   * for the token's use, where the user needs `serviceusage.services.use`); default the emulated
   * project, by id or number.
   */
  userProjects?: readonly string[];
}

/** An IAM user of the emulated AWS account: its long-term access key signs requests. */
export interface AwsUserOptions {
  /** The user name (its ARN is `arn:aws:iam::<account>:user/<name>`). */
  name: string;
  /** The access key id; default a random `AKIA...` id. */
  accessKeyId?: string;
  /** The secret access key; default a random one. */
  secretAccessKey?: string;
}

/** The workload identity pool's AWS provider, beside the OIDC one (in the same pool). */
export interface AwsProviderOptions {
  /**
   * The provider's id in the OIDC provider's pool (4 to 32 of `a-z`, `0-9`, `-`); default
   * `emulated-aws`.
   */
  id?: string;
  /** The AWS account the provider trusts (12 digits); default {@linkcode AwsOptions.accountId}. */
  accountId?: string;
  /**
   * CEL attribute mapping over `assertion.arn` and `assertion.account` (the signed
   * GetCallerIdentity's caller); default Google's for AWS providers: `google.subject` =
   * `assertion.arn`, and `attribute.aws_role` the ARN of the assumed role (the session left out).
   */
  attributeMapping?: Readonly<Record<string, string>>;
  /** CEL attribute condition, such as `attribute.aws_role.endsWith('/ci')`; default none. */
  attributeCondition?: string;
}

/**
 * The emulated AWS side: an account whose keys sign STS GetCallerIdentity (the subject token of
 * AWS `external_account` credentials, checked by the emulated Google STS as Google does), and an
 * EC2 instance's metadata service (IMDS) under `/latest/` on the emulator's port.
 */
export interface AwsOptions {
  /** The AWS account id (12 digits); default `123456789012`. */
  accountId?: string;
  /** The instance's region (its availability zone is `<region>a`); default `us-east-1`. */
  region?: string;
  /**
   * The IAM role of the instance: the metadata service hands out its temporary credentials, of
   * the assumed role `arn:aws:sts::<account>:assumed-role/<role>/<instance id>`; default
   * `emulated-role`.
   */
  role?: string;
  /** IAM users whose keys STS accepts too; default one, `emulated-user`, with random keys. */
  users?: readonly AwsUserOptions[];
  /** The metadata service requires IMDSv2 session tokens (`HttpTokens=required`); default false. */
  requireImdsv2?: boolean;
  /** The AWS provider of the pool. */
  provider?: AwsProviderOptions;
}

/**
 * The workload identity pool's X.509 provider (certificate-based federation over mutual TLS),
 * beside the OIDC one (in the same pool): its trust store holds trust anchors and intermediate
 * CAs, as Google's (`x509.trustStore.trustAnchors[].pemCertificate` and `intermediateCas[]`).
 */
export interface X509ProviderOptions {
  /** The provider's id in the pool (4 to 32 of `a-z`, `0-9`, `-`); default `emulated-x509`. */
  id?: string;
  /**
   * Trust anchors (PEM, one CA certificate each); default the emulator's own root
   * ({@linkcode EmulatedX509.trustAnchor}).
   */
  trustAnchors?: readonly string[];
  /**
   * Intermediate CAs (PEM, one CA certificate each) that chains may be built with; default the
   * emulator's own intermediate, which issued {@linkcode EmulatedX509.certificate}.
   */
  intermediateCas?: readonly string[];
  /**
   * CEL attribute mapping over the client certificate (`assertion.subject.dn.cn`,
   * `assertion.issuer.dn.cn`, `assertion.san.dns`, `assertion.san.uri`,
   * `assertion.fingerprint` the SHA-256 of the DER in standard base64); default
   * `google.subject` = `assertion.subject.dn.cn`.
   */
  attributeMapping?: Readonly<Record<string, string>>;
  /** CEL attribute condition; default none. */
  attributeCondition?: string;
}

/** Options of {@linkcode EmulatedX509.credentialsFile}. */
export interface X509CredentialsFileOptions {
  /**
   * The certificate configuration's path (`certificate_config_location`); default none:
   * `use_default_certificate_config` (`GOOGLE_API_CERTIFICATE_CONFIG`, else gcloud's folder).
   */
  certificateConfigLocation?: string;
  /** The trust chain's path (`trust_chain_path`); default none. */
  trustChainPath?: string;
  /** Impersonate this service account (`--service-account`); default none. */
  serviceAccount?: string;
}

/** The pool's X.509 provider of a running emulator and its mutual TLS listener. */
export interface EmulatedX509 {
  /** The X.509 provider's full resource name. */
  readonly provider: string;
  /**
   * The mutual TLS listener's base URL, `https://127.0.0.1:<port>`: every route of
   * {@linkcode Emulator.url}, and STS takes X.509 subject tokens there only, from a client that
   * presented the token's leaf certificate.
   */
  readonly url: string;
  /** STS and IAM Credentials under {@linkcode EmulatedX509.url}, as `authenticate()` takes them. */
  readonly endpoints: Readonly<{ sts: string; iamcredentials: string }>;
  /**
   * The CA of the listener's certificate (PEM), for clients to trust: `DENO_CERT` (Deno),
   * `NODE_EXTRA_CA_CERTS` (Node, Bun) name a file holding it.
   */
  readonly serverCa: string;
  /** The emulator's workload root CA (PEM): the provider's default trust anchor. */
  readonly trustAnchor: string;
  /** The emulator's intermediate CA (PEM): the provider's default intermediate. */
  readonly intermediateCa: string;
  /** A workload's client certificate (PEM), issued by the intermediate, common name `emulated-workload`. */
  readonly certificate: string;
  /** Its private key (PKCS #8 PEM): a secret of the emulator's, handle with care. */
  readonly privateKey: string;
  /**
   * An `external_account` file for the X.509 provider, as
   * `gcloud iam workload-identity-pools create-cred-config --credential-cert-path ...` writes it,
   * with `token_url` (and the impersonation URL) at the mutual TLS listener.
   *
   * @throws {TypeError} When `serviceAccount` is not one of the emulator's.
   */
  credentialsFile(options?: X509CredentialsFileOptions): string;
}

/** One IAM role binding on a service account. */
export interface IamBinding {
  /** The service account (email) the binding is on. */
  serviceAccount: string;
  /** Such as `roles/iam.workloadIdentityUser` or `roles/iam.serviceAccountTokenCreator`. */
  role: string;
  /**
   * Principal identifiers: `serviceAccount:<email>`,
   * `principal://iam.googleapis.com/<pool>/subject/<subject>`,
   * `principalSet://iam.googleapis.com/<pool>/attribute.<name>/<value>` or `principalSet://…/<pool>/*`.
   */
  members: readonly string[];
}

/** Options of {@linkcode startEmulator}. */
export interface EmulatorOptions {
  /** The loopback port; default 0 (a free port). The emulator listens on 127.0.0.1 only. */
  port?: number;
  /** The universe domain the emulated Google serves; default `googleapis.com`. */
  universe?: string;
  /** The emulated GitHub. */
  github?: GithubOptions;
  /** The workload identity provider. */
  provider?: ProviderOptions;
  /** The workforce pool provider. */
  workforceProvider?: WorkforceProviderOptions;
  /**
   * Cloud Storage objects the storage stand-in serves (`objects.get`, `objects.list`), by bucket
   * then object name; default one bucket, `emulated-bucket`, with `hello.txt`. Every token the
   * emulator issues may read them, unless a Credential Access Boundary narrows it.
   */
  storageObjects?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Service account emails that exist; default one,
   * `ci@emulated-project.iam.gserviceaccount.com`.
   */
  serviceAccounts?: readonly string[];
  /**
   * IAM bindings; default: every service account grants `roles/iam.workloadIdentityUser` and
   * `roles/iam.serviceAccountTokenCreator` to every identity of the pool and
   * `roles/iam.serviceAccountTokenCreator` to itself.
   */
  bindings?: readonly IamBinding[];
  /**
   * The org policy `constraints/iam.allowServiceAccountCredentialLifetimeExtension`: when true,
   * access tokens may live 12 hours instead of 1; default false.
   */
  allowLifetimeExtension?: boolean;
  /**
   * Domain-wide delegation: the scopes each service account (email) may request on behalf of a
   * Workspace user; default every scope for every service account.
   */
  domainWideDelegation?: Readonly<Record<string, readonly string[]>>;
  /**
   * The Google account that {@linkcode Emulator.authorizedUser} credentials stand for (IAM
   * member `user:<email>`); default `developer@example.com`, granted
   * `roles/iam.serviceAccountTokenCreator` on every service account by the default bindings.
   */
  user?: string;
  /** The emulated metadata server (as on Compute Engine, Cloud Run or GKE). */
  metadata?: MetadataOptions;
  /** The emulated AWS account, EC2 metadata service and the pool's AWS provider. */
  aws?: AwsOptions;
  /** The pool's X.509 provider. */
  x509?: X509ProviderOptions;
  /** How much of the traffic {@linkcode Emulator.requests} keeps. */
  record?: RecordOptions;
  /** The clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** The bounds of the request record: past either, the oldest requests are dropped. */
export interface RecordOptions {
  /** The most requests kept; default 10,000. 0 keeps none. */
  maxRequests?: number;
  /** The most bytes kept (URLs, header names and values, bodies); default 32 MiB. */
  maxBytes?: number;
}

/** The metadata server's default service account. */
export interface MetadataOptions {
  /** The service account the metadata server calls `default`; default the first one. */
  serviceAccount?: string;
  /**
   * The scopes of its tokens when a request names none; default
   * `https://www.googleapis.com/auth/cloud-platform`.
   */
  scopes?: readonly string[];
}

/**
 * The calls the emulator answers, by name (for faults and records): `oidc` (GitHub's token
 * request), `jwks` (GitHub's JWKS and discovery, Google's certs and service account keys), `sts`
 * (the token exchange, downscoping included), `stsIntrospect` and `stsOauthToken` (STS token
 * introspection and the refresh grant of `external_account_authorized_user` files), `storage` (the
 * Cloud Storage `objects.get` and `objects.list` stand-in),
 * `generateAccessToken`, `generateIdToken` and `signJwt` (IAM Credentials), `oauth2Token` (the
 * OAuth2 token endpoint: JWT bearer and refresh token grants), `metadata` (the metadata server's
 * probe and other paths), `metadataToken` and `metadataIdentity` (its tokens and ID tokens),
 * `projects` (Cloud Resource Manager's `projects/<id>`) and `awsMetadata` (the EC2 metadata
 * service's `/latest/...`).
 */
export type EmulatorRoute =
  | "oidc"
  | "sts"
  | "stsIntrospect"
  | "stsOauthToken"
  | "storage"
  | "generateAccessToken"
  | "generateIdToken"
  | "signJwt"
  | "signBlob"
  | "oauth2Token"
  | "jwks"
  | "metadata"
  | "metadataToken"
  | "metadataIdentity"
  | "projects"
  | "awsMetadata";

/** A fault to inject into the next requests of a route, instead of (or before) the answer. */
export interface EmulatorFault {
  /** Answer with this status (and `body`, `headers`) instead of the real answer. */
  status?: number;
  /** The body sent with `status`; default empty. */
  body?: string;
  /** Headers sent with `status`, such as `{ "retry-after": "1" }`. */
  headers?: Readonly<Record<string, string>>;
  /** Close the socket without an answer. */
  reset?: boolean;
  /** Send status 200 and half a JSON body, then close the socket. */
  truncate?: boolean;
  /** Wait this long first; alone, it makes a slow but otherwise real answer. */
  delayMs?: number;
  /** How many requests it applies to; default every request until {@linkcode Emulator.clearFaults}. */
  times?: number;
}

/** A request the emulator received. */
export interface RecordedRequest {
  /** Which call it was, when it matched one. */
  route: EmulatorRoute | undefined;
  /** The HTTP method. */
  method: string;
  /** The full URL. */
  url: string;
  /** The path of the URL. */
  path: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>;
  /** The body as text. */
  body: string;
}

/** What the emulator knows of an access token it issued. */
export interface TokenInfo {
  /**
   * `federated` (from STS), `service_account` (from IAM, OAuth2 or the metadata server),
   * `delegated` (with `sub`), `user` (from a refresh token).
   */
  kind: "federated" | "service_account" | "delegated" | "user";
  /** The identity: the federated principal, or the service account's or user's email. */
  principal: string;
  /** The mapped attributes (federated tokens). */
  attributes: Readonly<Record<string, string>>;
  /** The Workspace user of a delegated token. */
  subject?: string;
  /** The scopes. */
  scopes: readonly string[];
  /** When it was issued. */
  issuedAt: Date;
  /** When it expires. */
  expiresAt: Date;
  /**
   * The OAuth client that authenticated the request that issued it (STS client authentication,
   * the refresh token grants), if any.
   */
  clientId?: string;
  /**
   * The project a workforce pool token bills (its `workforce_pool_user_project`, or the project
   * of the OAuth client that authenticated the exchange), if any.
   */
  userProject?: string;
  /**
   * The Credential Access Boundary of a downscoped token: the only Cloud Storage resources and
   * permissions it reaches.
   */
  accessBoundary?: readonly AccessBoundaryRule[];
  /** The `x-goog-request-reason` header of the request that issued it, if any. */
  requestReason?: string;
}

/** One rule of a Credential Access Boundary, as STS took it. */
export interface AccessBoundaryRule {
  /** `//storage.googleapis.com/projects/_/buckets/<bucket>`. */
  availableResource: string;
  /** Roles, as `inRole:roles/<role>`. */
  availablePermissions: readonly string[];
  /** A CEL condition over `resource.name` (such as a name prefix), if any. */
  availabilityCondition?: { expression: string; title?: string; description?: string };
}

/** Options of {@linkcode Emulator.authorizedUser}. */
export interface AuthorizedUserOptions {
  /**
   * The scopes the refresh token grants; default gcloud's (`openid`, `userinfo.email`,
   * `cloud-platform`). With `openid`, a refresh also answers an ID token for the client.
   */
  scopes?: readonly string[];
  /** The file's `quota_project_id`; default none. */
  quotaProjectId?: string;
}

/** Options of {@linkcode Emulator.externalAccountAuthorizedUser}. */
export interface ExternalAccountAuthorizedUserOptions {
  /**
   * The workforce pool user (the subject of the principal its tokens stand for); default
   * {@linkcode EmulatorOptions.user}.
   */
  subject?: string;
  /** The file's `quota_project_id`; default none. */
  quotaProjectId?: string;
}

/** Options of {@linkcode Emulator.impersonatedServiceAccount}. */
export interface ImpersonatedServiceAccountOptions {
  /** The account to impersonate; default the first. */
  serviceAccount?: string;
  /** Service accounts (emails) of the delegation chain, in order; default none. */
  delegates?: readonly string[];
  /** The source credentials as JSON text; default a new {@linkcode Emulator.authorizedUser}. */
  sourceCredentials?: string;
}

/** Options of {@linkcode Emulator.iapJwt}. */
export interface IapJwtOptions {
  /** The `aud`: `/projects/<number>/global/backendServices/<id>` or `/projects/<number>/apps/<id>`. */
  audience: string;
  /** The signed-in user's email; default {@linkcode EmulatorOptions.user}. */
  email?: string;
  /** The user's Google Workspace domain (`hd`); default none. */
  hd?: string;
  /** Further claims, which replace the defaults (such as `exp` or `iss`, to test refusals). */
  claims?: Readonly<Record<string, unknown>>;
}

/** Options of {@linkcode EmulatedAws.credentialsFile}. */
export interface AwsCredentialsFileOptions {
  /** Name the IMDSv2 session token URL, as `--enable-imdsv2` does; default false. */
  imdsv2?: boolean;
  /** Impersonate this service account (`--service-account`); default none. */
  serviceAccount?: string;
}

/** The emulated AWS side of a running emulator (see {@linkcode AwsOptions}). */
export interface EmulatedAws {
  /** The AWS provider's full resource name. */
  readonly provider: string;
  /** The AWS account id. */
  readonly accountId: string;
  /** The instance's region. */
  readonly region: string;
  /**
   * The first IAM user's access key and the region as the AWS SDKs read them:
   * `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_REGION`.
   */
  readonly env: Readonly<Record<string, string>>;
  /**
   * An `external_account` file for the AWS provider, as
   * `gcloud iam workload-identity-pools create-cred-config --aws` writes it, with the metadata
   * service's URLs and `token_url` (and the impersonation URL) at the emulator.
   *
   * @throws {TypeError} When `serviceAccount` is not one of the emulator's.
   */
  credentialsFile(options?: AwsCredentialsFileOptions): string;
}

/**
 * `typeof Symbol.asyncDispose` where the TypeScript library declares the symbol (Deno, `lib`
 * `esnext` or `esnext.disposable`, or `@types/node`), else `never`: the emulator's types then
 * need no library beyond `es2022` and `dom`.
 */
export type AsyncDisposeSymbol = SymbolConstructor extends
  { readonly asyncDispose: infer Key extends symbol } ? Key : never;

/**
 * {@linkcode Emulator.close} as `[Symbol.asyncDispose]`, for
 * `await using emulator = await startEmulator()`; no member where the library has no such symbol
 * (the object has it at run time all the same).
 */
export type AsyncDisposableEmulator = { readonly [Key in AsyncDisposeSymbol]: () => Promise<void> };

/** A running emulator. */
export interface Emulator extends AsyncDisposableEmulator {
  /** The base URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /**
   * The environment a runner would give the step: `ACTIONS_ID_TOKEN_REQUEST_URL`,
   * `ACTIONS_ID_TOKEN_REQUEST_TOKEN` and `GHA_ENDPOINT_OVERRIDE_{sts,iamcredentials,oauth2}`;
   * plus `GCE_METADATA_HOST` and `GCE_METADATA_IP` ({@linkcode Emulator.metadataHost}), which
   * send Google's client libraries to the emulated metadata server.
   */
  readonly env: Readonly<Record<string, string>>;
  /**
   * The metadata server's `host:port` (`127.0.0.1:<port>`), as `GCE_METADATA_HOST` takes it: it
   * serves `/computeMetadata/v1/...` and the `/` probe like `metadata.google.internal`.
   */
  readonly metadataHost: string;
  /** The OIDC request of a runner job, `{ url, token }`, as `authenticate()` takes it. */
  readonly oidcRequest: Readonly<{ url: string; token: string }>;
  /**
   * Base URLs of the emulated Google services, as `authenticate()` takes them, and of Cloud
   * Resource Manager (`…/cloudresourcemanager/v1`, whose `projects/<number or id>` client
   * libraries read to find a project id) and of the Cloud Storage stand-in (`…/storage/v1`, as
   * `https://storage.googleapis.com/storage/v1`).
   */
  readonly endpoints: Readonly<
    {
      sts: string;
      iamcredentials: string;
      oauth2: string;
      cloudresourcemanager: string;
      storage: string;
    }
  >;
  /** The JWKS Google's ID tokens verify against, as `https://www.googleapis.com/oauth2/v3/certs`. */
  readonly googleCertsUrl: string;
  /**
   * The same keys as {@linkcode Emulator.googleCertsUrl} as self-signed PEM certificates by key id,
   * as `https://www.googleapis.com/oauth2/v1/certs`, which Python google-auth and
   * google-auth-library (outside browsers) verify ID tokens against.
   */
  readonly googlePemCertsUrl: string;
  /** The JWKS of IAP's assertions, as `https://www.gstatic.com/iap/verify/public_key-jwk`. */
  readonly iapKeysUrl: string;
  /**
   * A service account's public keys as a JWK Set (its Google-managed key, which `signBlob` and
   * `signJwt` sign with, and its user-managed keys), as
   * `https://www.googleapis.com/service_accounts/v1/jwk/<email>`.
   */
  serviceAccountJwksUrl(email?: string): string;
  /**
   * The same keys as self-signed PEM certificates by key id, as
   * `https://www.googleapis.com/service_accounts/v1/metadata/x509/<email>` (also served under its
   * older name, `…/robot/v1/metadata/x509/<email>`, which key files name).
   */
  serviceAccountCertsUrl(email?: string): string;
  /**
   * Mints an assertion as IAP puts in `x-goog-iap-jwt-assertion` (ES256, issuer
   * `https://cloud.google.com/iap`, 10 minutes), signed with the key at
   * {@linkcode Emulator.iapKeysUrl}.
   */
  iapJwt(options: IapJwtOptions): Promise<string>;
  /**
   * A `fetch` that sends requests for Google's hosts of the emulated universe to the emulator:
   * `https://<service>.<universe>/<path>` for `oauth2`, `sts`, `iamcredentials`,
   * `cloudresourcemanager` and `www` (its `oauth2/v3/certs`), and `http://metadata.google.internal`
   * or `http://169.254.169.254`. Any other URL is fetched unchanged. For client libraries that call
   * fixed Google URLs, such as google-auth-library with a service account key:
   * `new GoogleAuth({ keyFile, clientOptions: { transporterOptions: { fetchImplementation: emulator.fetch } } })`.
   */
  readonly fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  /** The provider's full resource name. */
  readonly provider: string;
  /** The workforce pool provider's full resource name (`locations/global/workforcePools/…`). */
  readonly workforceProvider: string;
  /** The emulated AWS account and metadata service, and the pool's AWS provider. */
  readonly aws: EmulatedAws;
  /** The pool's X.509 provider, its PKI and its mutual TLS listener. */
  readonly x509: EmulatedX509;
  /** The first service account. */
  readonly serviceAccount: string;
  /**
   * The requests received, oldest first, headers and bodies included, within the bounds of
   * {@linkcode EmulatorOptions.record} (the oldest are dropped past them): it holds the tokens and
   * assertions sent (emulator-issued, but print it with care).
   */
  readonly requests: readonly RecordedRequest[];
  /**
   * Creates a user-managed key for a service account (default the first) as key file JSON text.
   * Its `token_uri` is the emulator's OAuth2 token endpoint, which takes assertions whose `aud`
   * is that URL or Google's `https://oauth2.<universe>/token`. Each emulator accepts only the
   * keys it made or handed out; key pairs of a closed emulator are reused by later ones.
   * Asynchronous, as the other credentials files are: the key is exported through Web Crypto.
   */
  serviceAccountKey(email?: string): Promise<string>;
  /**
   * Application default credentials of the emulated user ({@linkcode EmulatorOptions.user}), as
   * `gcloud auth application-default login` writes them: `authorized_user` JSON text with the
   * emulated OAuth client's `client_id` and `client_secret`, a new `refresh_token` (each call makes
   * one) and a `token_uri` pointing at the emulator, where the refresh token grant checks all three.
   * Asynchronous like {@linkcode Emulator.serviceAccountKey}; a bad option rejects with a
   * `TypeError`.
   */
  authorizedUser(options?: AuthorizedUserOptions): Promise<string>;
  /**
   * `impersonated_service_account` JSON text, as gcloud writes it for
   * `--impersonate-service-account`: `source_credentials` (default {@linkcode authorizedUser}),
   * the emulator's `service_account_impersonation_url` of the target, and the `delegates` chain
   * (as `projects/-/serviceAccounts/<email>`).
   *
   * Asynchronous like {@linkcode Emulator.serviceAccountKey}; rejects with a `TypeError` when the
   * target, a delegate or the source is unknown or malformed.
   */
  impersonatedServiceAccount(options?: ImpersonatedServiceAccountOptions): Promise<string>;
  /**
   * `external_account_authorized_user` JSON text, as `gcloud auth login --login-config` writes it
   * for a workforce pool user: gcloud's OAuth client, the workforce provider's audience, a new
   * refresh token, and the emulator's STS `oauthtoken` and `introspect` URLs. Asynchronous like
   * {@linkcode Emulator.serviceAccountKey}; a bad option rejects with a `TypeError`.
   */
  externalAccountAuthorizedUser(options?: ExternalAccountAuthorizedUserOptions): Promise<string>;
  /**
   * What an access token the emulator issued stands for, or `undefined` (also once it expired on
   * the emulator's clock: expired tokens are forgotten).
   */
  tokenInfo(token: string): TokenInfo | undefined;
  /**
   * Queues a fault for the next requests of `route` (one of {@linkcode EmulatorRoute}).
   *
   * @throws {TypeError} When `route` is not a route name (such as `oauth2` for `oauth2Token`).
   */
  injectFault(route: EmulatorRoute, fault: EmulatorFault): void;
  /** Removes every queued fault. */
  clearFaults(): void;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}
