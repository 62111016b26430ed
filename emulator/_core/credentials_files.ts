// Credentials files that point at the emulator, as gcloud writes them: `authorized_user` (a user's
// refresh token for gcloud's OAuth client), `impersonated_service_account` (source credentials,
// the target's generateAccessToken URL and the delegation chain),
// `external_account_authorized_user` (a workforce pool user's refresh token for gcloud's client)
// and AWS and X.509 `external_account`.
import { GCLOUD_CLIENT } from "./oauth_clients.ts";
import type { State } from "./state.ts";
import type {
  AuthorizedUserOptions,
  AwsCredentialsFileOptions,
  ExternalAccountAuthorizedUserOptions,
  ImpersonatedServiceAccountOptions,
  X509CredentialsFileOptions,
} from "../types.ts";

/** gcloud's scopes for application default credentials. */
const ADC_SCOPES = [
  "openid",
  "https://www.googleapis.com/auth/userinfo.email",
  "https://www.googleapis.com/auth/cloud-platform",
];

function fail(what: string, problem: string): never {
  throw new TypeError(`Cannot create ${what}: ${problem}`);
}

/** An `authorized_user` JSON text for the emulated user, with a new refresh token. */
export function authorizedUser(
  state: State,
  tokenUri: string,
  options: AuthorizedUserOptions,
): string {
  const scopes = options.scopes ?? ADC_SCOPES;
  if (scopes.length === 0 || scopes.some((scope) => !/^\S+$/.test(scope))) {
    fail("authorized_user credentials", "scopes must list at least one scope, with no spaces");
  }
  return JSON.stringify({
    type: "authorized_user",
    client_id: state.oauthClient.id,
    client_secret: state.oauthClient.secret,
    refresh_token: state.createRefreshToken(scopes),
    ...(options.quotaProjectId === undefined ? {} : { quota_project_id: options.quotaProjectId }),
    token_uri: tokenUri,
    universe_domain: state.config.universe,
  });
}

/** An `impersonated_service_account` JSON text. */
export function impersonatedServiceAccount(
  state: State,
  iamCredentials: string,
  tokenUri: string,
  options: ImpersonatedServiceAccountOptions,
): string {
  const target = options.serviceAccount ?? state.config.serviceAccounts[0]!;
  const delegates = options.delegates ?? [];
  for (const email of [target, ...delegates]) {
    if (!state.hasServiceAccount(email)) {
      fail(
        "impersonated_service_account credentials",
        `service account "${email}" does not exist`,
      );
    }
  }
  const source = options.sourceCredentials ?? authorizedUser(state, tokenUri, {});
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    fail("impersonated_service_account credentials", "sourceCredentials is not JSON");
  }
  return JSON.stringify({
    type: "impersonated_service_account",
    service_account_impersonation_url:
      `${iamCredentials}/projects/-/serviceAccounts/${target}:generateAccessToken`,
    delegates: delegates.map((email) => `projects/-/serviceAccounts/${email}`),
    source_credentials: parsed,
    universe_domain: state.config.universe,
  });
}

/**
 * An `external_account_authorized_user` JSON text, as `gcloud auth login --login-config` writes
 * it (gcloud's client id and secret, the workforce provider's audience), with a new refresh token
 * and the emulator's STS URLs.
 */
export function externalAccountAuthorizedUser(
  state: State,
  sts: string,
  options: ExternalAccountAuthorizedUserOptions,
): string {
  const subject = options.subject ?? state.config.user;
  if (!/^\S{1,127}$/.test(subject)) {
    fail(
      "external_account_authorized_user credentials",
      "subject must be 1 to 127 characters, no spaces",
    );
  }
  const { universe, workforceProvider } = state.config;
  return JSON.stringify({
    type: "external_account_authorized_user",
    audience: `//iam.${universe}/${workforceProvider.name}`,
    refresh_token: state.createWorkforceRefreshToken(subject, GCLOUD_CLIENT.id),
    token_url: `${sts}/oauthtoken`,
    token_info_url: `${sts}/introspect`,
    client_id: GCLOUD_CLIENT.id,
    client_secret: GCLOUD_CLIENT.secret,
    ...(options.quotaProjectId === undefined ? {} : { quota_project_id: options.quotaProjectId }),
    universe_domain: universe,
  });
}

/**
 * The end of an `external_account` file as gcloud writes it: the impersonation URL of `account`
 * (which must exist; `what` names the file in the error), else the introspection URL.
 */
function accountUrls(
  state: State,
  endpoints: { sts: string; iamcredentials: string },
  account: string | undefined,
  what: string,
): Record<string, string> {
  if (account === undefined) return { token_info_url: `${endpoints.sts}/introspect` };
  if (!state.hasServiceAccount(account)) {
    fail(what, `service account "${account}" does not exist`);
  }
  return {
    service_account_impersonation_url:
      `${endpoints.iamcredentials}/projects/-/serviceAccounts/${account}:generateAccessToken`,
  };
}

/**
 * An `external_account` JSON text for the AWS provider, as `gcloud iam workload-identity-pools
 * create-cred-config --aws` writes it (key order included), its URLs at the emulator.
 */
export function awsCredentialsFile(
  state: State,
  base: string,
  endpoints: { sts: string; iamcredentials: string },
  options: AwsCredentialsFileOptions,
): string {
  const { config } = state;
  const urls = accountUrls(state, endpoints, options.serviceAccount, "AWS credentials");
  return JSON.stringify(
    {
      universe_domain: config.universe,
      type: "external_account",
      audience: `//iam.${config.universe}/${config.aws.provider.name}`,
      subject_token_type: "urn:ietf:params:aws:token-type:aws4_request",
      token_url: `${endpoints.sts}/token`,
      credential_source: {
        environment_id: "aws1",
        region_url: `${base}/latest/meta-data/placement/availability-zone`,
        url: `${base}/latest/meta-data/iam/security-credentials`,
        regional_cred_verification_url:
          "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15",
        ...(options.imdsv2 === true
          ? { imdsv2_session_token_url: `${base}/latest/api/token` }
          : {}),
      },
      ...urls,
    },
    null,
    2,
  );
}

/**
 * An `external_account` file for the X.509 provider, as gcloud writes it with
 * `--credential-cert-path`: the certificate configuration's path or the default one, the trust
 * chain if given, and `token_url` (and the impersonation URL) at the mutual TLS listener.
 */
export function x509CredentialsFile(
  state: State,
  endpoints: { sts: string; iamcredentials: string },
  options: X509CredentialsFileOptions,
): string {
  const { config } = state;
  const urls = accountUrls(state, endpoints, options.serviceAccount, "X.509 credentials");
  const location = options.certificateConfigLocation;
  return JSON.stringify(
    {
      universe_domain: config.universe,
      type: "external_account",
      audience: `//iam.${config.universe}/${config.x509.name}`,
      subject_token_type: "urn:ietf:params:oauth:token-type:mtls",
      token_url: `${endpoints.sts}/token`,
      credential_source: {
        certificate: {
          ...(location === undefined
            ? { use_default_certificate_config: true }
            : { certificate_config_location: location }),
          ...(options.trustChainPath === undefined
            ? {}
            : { trust_chain_path: options.trustChainPath }),
        },
      },
      ...urls,
    },
    null,
    2,
  );
}
