// Options of startEmulator() checked once and filled with defaults: the emulator refuses a setup
// the real services would not have, and says which option is wrong.
import { isKnownRole } from "./roles.ts";
import { compiledRules, defaultAudiences, fail, type Provider } from "./provider_rules.ts";
import {
  storageObjectsOf,
  type WorkforceProvider,
  workforceProviderOf,
} from "./workforce_config.ts";
import type { RecordLimits } from "./request_log.ts";
import { type AwsConfig, awsConfigOf } from "./aws_config.ts";
import { type X509Provider, x509ProviderOf } from "./x509_config.ts";
import type { EmulatorOptions, GithubClaims, IamBinding } from "../types.ts";
import { unknownEmulatorOption } from "./option_names.ts";

/** The GitHub issuer. */
const GITHUB_ISSUER = "https://token.actions.githubusercontent.com";

const DEFAULT_PROVIDER =
  "projects/123456789012/locations/global/workloadIdentityPools/github/providers/emulated";
const DEFAULT_SERVICE_ACCOUNT = "ci@emulated-project.iam.gserviceaccount.com";
const DEFAULT_USER = "developer@example.com";
const CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform";
const PROVIDER =
  /^projects\/(\d{1,30})\/locations\/global\/workloadIdentityPools\/([a-z0-9-]{4,32})\/providers\/([a-z0-9-]{4,32})$/;
const EMAIL = /^[a-z0-9][a-z0-9._-]{0,62}@[a-z0-9][a-z0-9.-]{0,252}$/;
export type { Provider };

/** The emulator's checked configuration. */
export interface Config {
  port: number;
  universe: string;
  githubIssuer: string;
  githubClaims: Readonly<Record<string, string>>;
  requestToken: string;
  githubTokenLifetime: number;
  provider: Provider;
  /** The workforce pool provider, and the projects its users may bill. */
  workforceProvider: WorkforceProvider;
  /** Cloud Storage objects by bucket, then name. */
  storageObjects: Readonly<Record<string, Readonly<Record<string, string>>>>;
  serviceAccounts: readonly string[];
  bindings: readonly IamBinding[];
  maxLifetimeSeconds: number;
  domainWideDelegation: Readonly<Record<string, readonly string[]>> | undefined;
  /** The project of the first service account (`emulated-project` by default). */
  projectId: string;
  /** The project number of the provider's name. */
  projectNumber: string;
  /** The Google account `authorized_user` credentials stand for. */
  user: string;
  /** The service account the metadata server calls `default`, and the scopes it grants. */
  metadata: { serviceAccount: string; scopes: readonly string[] };
  record: RecordLimits;
  /** The emulated AWS account, metadata service and the pool's AWS provider. */
  aws: AwsConfig;
  /** The pool's X.509 provider. */
  x509: X509Provider;
  now: () => number;
}

/** The project of a `<name>@<project>.iam.gserviceaccount.com` email, else `emulated-project`. */
export function projectOf(email: string): string {
  return /@([^.]+)\.iam\.gserviceaccount\.com$/.exec(email)?.[1] ?? "emulated-project";
}

/**
 * The default `sub`: GitHub's name-only `repo:OWNER/REPO:ref:REF`, or its immutable form
 * `repo:OWNER@OWNER_ID/REPO@REPO_ID:ref:REF` (repositories created or renamed since 2026-07-15,
 * and older ones that opt in).
 */
function subjectOf(
  repository: string,
  ref: string,
  ids: { owner: string; repository: string } | undefined,
): string {
  if (ids === undefined) return `repo:${repository}:ref:${ref}`;
  const slash = repository.indexOf("/");
  const [owner, name] = [repository.slice(0, slash), repository.slice(slash + 1)];
  return `repo:${owner}@${ids.owner}/${name}@${ids.repository}:ref:${ref}`;
}

function githubClaimsOf(
  claims: Partial<GithubClaims> = {},
  immutableSubject = false,
): Record<string, string> {
  for (const [name, value] of Object.entries(claims)) {
    if (typeof value !== "string") fail(`github.claims.${name}`, "must be a string");
  }
  if (typeof immutableSubject !== "boolean") fail("github.immutableSubject", "must be a boolean");
  const repository = claims.repository ?? "octo-org/octo-repo";
  const ref = claims.ref ?? "refs/heads/main";
  const owner = claims.repository_owner ?? repository.split("/")[0] ?? "";
  const ids = {
    owner: claims.repository_owner_id ?? "1000001",
    repository: claims.repository_id ?? "2000002",
  };
  for (const [name, value] of Object.entries(ids)) {
    if (!/^[1-9]\d{0,19}$/.test(value)) {
      fail(
        `github.claims.${name === "owner" ? "repository_owner_id" : "repository_id"}`,
        "must be a decimal id",
      );
    }
  }
  const result: Record<string, string> = {
    sub: subjectOf(repository, ref, immutableSubject ? ids : undefined),
    repository,
    repository_owner: owner,
    repository_owner_id: ids.owner,
    repository_id: ids.repository,
    repository_visibility: "private",
    ref,
    ref_type: ref.startsWith("refs/tags/") ? "tag" : "branch",
    sha: "0123456789abcdef0123456789abcdef01234567",
    actor: "octocat",
    actor_id: "3000003",
    workflow: "CI",
    workflow_ref: `${repository}/.github/workflows/ci.yml@${ref}`,
    event_name: "push",
    head_ref: "",
    base_ref: "",
    run_id: "4000000004",
    run_number: "42",
    run_attempt: "1",
    job_workflow_ref: `${repository}/.github/workflows/ci.yml@${ref}`,
    runner_environment: "github-hosted",
  };
  return { ...result, ...(claims as Record<string, string>) };
}

function providerOf(options: EmulatorOptions, universe: string, issuer: string): Provider {
  const given = options.provider ?? {};
  const name = given.name ?? DEFAULT_PROVIDER;
  const match = PROVIDER.exec(name);
  if (match === null) {
    fail(
      "provider.name",
      "must be projects/<number>/locations/global/workloadIdentityPools/<pool>/providers/<id>",
    );
  }
  return {
    name,
    pool: name.slice(0, name.indexOf("/providers/")),
    issuer: given.issuer ?? issuer,
    allowedAudiences: defaultAudiences(given.allowedAudiences, universe, name),
    ...compiledRules("provider", given.attributeMapping, given.attributeCondition),
  };
}

function defaultBindings(
  universe: string,
  accounts: readonly string[],
  pool: string,
  user: string,
): IamBinding[] {
  const everyone = `principalSet://iam.${universe}/${pool}/*`;
  return accounts.flatMap((serviceAccount): IamBinding[] => [
    { serviceAccount, role: "roles/iam.workloadIdentityUser", members: [everyone] },
    {
      serviceAccount,
      role: "roles/iam.serviceAccountTokenCreator",
      members: [everyone, `serviceAccount:${serviceAccount}`, `user:${user}`],
    },
  ]);
}

function recordLimitsOf(options: EmulatorOptions): RecordLimits {
  const maxRequests = options.record?.maxRequests ?? 10_000;
  const maxBytes = options.record?.maxBytes ?? 32 * 2 ** 20;
  for (const [name, value] of Object.entries({ maxRequests, maxBytes })) {
    if (!Number.isSafeInteger(value) || value < 0) {
      fail(`record.${name}`, "must be a whole number, 0 or more");
    }
  }
  return { maxRequests, maxBytes };
}

function metadataOf(options: EmulatorOptions, accounts: readonly string[]): Config["metadata"] {
  const serviceAccount = options.metadata?.serviceAccount ?? accounts[0]!;
  if (!accounts.includes(serviceAccount)) {
    fail("metadata.serviceAccount", `names "${serviceAccount}", not in serviceAccounts`);
  }
  const scopes = options.metadata?.scopes ?? [CLOUD_PLATFORM];
  if (scopes.length === 0 || scopes.some((scope) => !/^\S+$/.test(scope))) {
    fail("metadata.scopes", "must list at least one scope, with no spaces");
  }
  return { serviceAccount, scopes };
}

function checkBindings(bindings: readonly IamBinding[], accounts: readonly string[]): void {
  for (const [i, { serviceAccount, role }] of bindings.entries()) {
    if (!accounts.includes(serviceAccount)) {
      fail(`bindings[${i}].serviceAccount`, `names "${serviceAccount}", not in serviceAccounts`);
    }
    if (!isKnownRole(role)) {
      fail(
        `bindings[${i}].role`,
        `is "${role}": use roles/iam.serviceAccountTokenCreator, roles/iam.workloadIdentityUser or roles/iam.serviceAccountOpenIdTokenCreator`,
      );
    }
  }
}

/** Checks `options` and fills in the defaults. */
export function resolveConfig(options: EmulatorOptions = {}): Config {
  const unknown = unknownEmulatorOption(options);
  if (unknown !== undefined) fail(...unknown);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail("port", "must be 0 to 65535");
  const universe = options.universe ?? "googleapis.com";
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(universe)) fail("universe", "must be a domain name");
  const github = options.github ?? {};
  const githubIssuer = github.issuer ?? GITHUB_ISSUER;
  const lifetime = github.tokenLifetimeSeconds ?? 300;
  if (!Number.isInteger(lifetime) || lifetime < 1) {
    fail("github.tokenLifetimeSeconds", "must be a positive integer");
  }
  const serviceAccounts = options.serviceAccounts ?? [DEFAULT_SERVICE_ACCOUNT];
  if (serviceAccounts.length === 0) fail("serviceAccounts", "must name at least one account");
  for (const email of serviceAccounts) {
    if (!EMAIL.test(email)) fail("serviceAccounts", `has "${email}", not a lowercase email`);
  }
  const provider = providerOf(options, universe, githubIssuer);
  const requestToken = github.requestToken ?? `emulated-runner-${crypto.randomUUID()}`;
  if (!/^\S+$/.test(requestToken)) fail("github.requestToken", "must be non-empty, no spaces");
  const user = options.user ?? DEFAULT_USER;
  if (!EMAIL.test(user)) fail("user", `is "${user}", not a lowercase email`);
  if (options.bindings !== undefined) checkBindings(options.bindings, serviceAccounts);
  for (const email of Object.keys(options.domainWideDelegation ?? {})) {
    if (!serviceAccounts.includes(email)) {
      fail("domainWideDelegation", `names "${email}", not in serviceAccounts`);
    }
  }
  return {
    port,
    universe,
    githubIssuer,
    githubClaims: githubClaimsOf(github.claims, github.immutableSubject),
    requestToken,
    githubTokenLifetime: lifetime,
    provider,
    workforceProvider: workforceProviderOf(options, universe, githubIssuer, [
      projectOf(serviceAccounts[0]!),
      PROVIDER.exec(provider.name)![1]!,
    ]),
    storageObjects: storageObjectsOf(options),
    serviceAccounts,
    bindings: options.bindings ??
      defaultBindings(universe, serviceAccounts, provider.pool, user),
    maxLifetimeSeconds: options.allowLifetimeExtension === true ? 43_200 : 3_600,
    domainWideDelegation: options.domainWideDelegation,
    projectId: projectOf(serviceAccounts[0]!),
    projectNumber: PROVIDER.exec(provider.name)![1]!,
    user,
    metadata: metadataOf(options, serviceAccounts),
    record: recordLimitsOf(options),
    aws: awsConfigOf(options.aws, provider.pool),
    x509: x509ProviderOf(options.x509, provider.pool),
    now: options.now ?? Date.now,
  };
}
