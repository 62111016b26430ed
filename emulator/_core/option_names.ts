// The option names of the emulator's options objects, checked against their interfaces by the
// compiler: a misspelt name (`immutableSubjct`, `stauts`) is refused instead of ignored, since an
// option that silently does nothing makes a test pass without testing what it says.
import type {
  AuthorizedUserOptions,
  AwsCredentialsFileOptions,
  AwsOptions,
  AwsProviderOptions,
  AwsUserOptions,
  EmulatorFault,
  EmulatorOptions,
  ExternalAccountAuthorizedUserOptions,
  GithubOptions,
  IamBinding,
  IapJwtOptions,
  ImpersonatedServiceAccountOptions,
  MetadataOptions,
  ProviderOptions,
  RecordOptions,
  WorkforceProviderOptions,
  X509CredentialsFileOptions,
  X509ProviderOptions,
} from "../types.ts";

/** Every name of `T`, as an object the compiler checks against `T`: none missing, none extra. */
type OptionNames<T> = { readonly [K in keyof Required<T>]: true };

const EMULATOR: OptionNames<EmulatorOptions> = {
  port: true,
  universe: true,
  github: true,
  provider: true,
  workforceProvider: true,
  storageObjects: true,
  serviceAccounts: true,
  bindings: true,
  allowLifetimeExtension: true,
  domainWideDelegation: true,
  user: true,
  metadata: true,
  aws: true,
  x509: true,
  record: true,
  now: true,
};
const GITHUB: OptionNames<GithubOptions> = {
  claims: true,
  immutableSubject: true,
  issuer: true,
  requestToken: true,
  tokenLifetimeSeconds: true,
};
const PROVIDER: OptionNames<ProviderOptions> = {
  name: true,
  issuer: true,
  allowedAudiences: true,
  attributeMapping: true,
  attributeCondition: true,
};
const WORKFORCE_PROVIDER: OptionNames<WorkforceProviderOptions> = {
  ...PROVIDER,
  userProjects: true,
};
const AWS: OptionNames<AwsOptions> = {
  accountId: true,
  region: true,
  role: true,
  users: true,
  requireImdsv2: true,
  provider: true,
};
const AWS_USER: OptionNames<AwsUserOptions> = {
  name: true,
  accessKeyId: true,
  secretAccessKey: true,
};
const AWS_PROVIDER: OptionNames<AwsProviderOptions> = {
  id: true,
  accountId: true,
  attributeMapping: true,
  attributeCondition: true,
};
const X509: OptionNames<X509ProviderOptions> = {
  id: true,
  trustAnchors: true,
  intermediateCas: true,
  attributeMapping: true,
  attributeCondition: true,
};
const RECORD: OptionNames<RecordOptions> = { maxRequests: true, maxBytes: true };
const METADATA: OptionNames<MetadataOptions> = { serviceAccount: true, scopes: true };
const BINDING: OptionNames<IamBinding> = { serviceAccount: true, role: true, members: true };
const FAULT: OptionNames<EmulatorFault> = {
  status: true,
  body: true,
  headers: true,
  reset: true,
  truncate: true,
  delayMs: true,
  times: true,
};

/** The first name of `value` (an options object at `path`) that `names` lacks, with the problem. */
function unknownName(
  value: unknown,
  names: Readonly<Record<string, true>>,
  path: string,
): [string, string] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const name = Object.keys(value).find((name) => !Object.hasOwn(names, name));
  return name === undefined
    ? undefined
    : [`${path}${name}`, `is not an option: use one of ${Object.keys(names).join(", ")}`];
}

/**
 * The first unknown name of the emulator's options, nested objects and list items included, as
 * `[path, problem]` (such as `["github.immutableSubjct", "is not an option: use one of ..."]`).
 */
export function unknownEmulatorOption(options: EmulatorOptions): [string, string] | undefined {
  const { aws } = options;
  const checks: [unknown, Readonly<Record<string, true>>, string][] = [
    [options, EMULATOR, ""],
    [options.github, GITHUB, "github."],
    [options.provider, PROVIDER, "provider."],
    [options.workforceProvider, WORKFORCE_PROVIDER, "workforceProvider."],
    [aws, AWS, "aws."],
    [aws?.provider, AWS_PROVIDER, "aws.provider."],
    ...(aws?.users ?? []).map((user, i): [unknown, OptionNames<AwsUserOptions>, string] => [
      user,
      AWS_USER,
      `aws.users[${i}].`,
    ]),
    [options.x509, X509, "x509."],
    [options.record, RECORD, "record."],
    [options.metadata, METADATA, "metadata."],
    ...(options.bindings ?? []).map((binding, i): [unknown, OptionNames<IamBinding>, string] => [
      binding,
      BINDING,
      `bindings[${i}].`,
    ]),
  ];
  for (const [value, names, path] of checks) {
    const unknown = unknownName(value, names, path);
    if (unknown !== undefined) return unknown;
  }
  return undefined;
}

/** The first unknown name of a fault, as {@linkcode unknownEmulatorOption} gives it. */
export function unknownFaultOption(fault: EmulatorFault): [string, string] | undefined {
  return unknownName(fault, FAULT, "");
}

/** The option names of the emulator's methods that take options, by method. */
const METHODS = {
  "authorizedUser()": { scopes: true, quotaProjectId: true } satisfies OptionNames<
    AuthorizedUserOptions
  >,
  "externalAccountAuthorizedUser()": { subject: true, quotaProjectId: true } satisfies OptionNames<
    ExternalAccountAuthorizedUserOptions
  >,
  "impersonatedServiceAccount()": {
    serviceAccount: true,
    delegates: true,
    sourceCredentials: true,
  } satisfies OptionNames<ImpersonatedServiceAccountOptions>,
  "iapJwt()": { audience: true, email: true, hd: true, claims: true } satisfies OptionNames<
    IapJwtOptions
  >,
  "aws.credentialsFile()": { imdsv2: true, serviceAccount: true } satisfies OptionNames<
    AwsCredentialsFileOptions
  >,
  "x509.credentialsFile()": {
    certificateConfigLocation: true,
    trustChainPath: true,
    serviceAccount: true,
  } satisfies OptionNames<X509CredentialsFileOptions>,
};

/**
 * `options` of the emulator's `method`, checked: a name the method does not take throws a
 * `TypeError` naming it and listing the names it takes.
 */
export function methodOptions<T>(method: keyof typeof METHODS, options: T): T {
  const unknown = unknownName(options, METHODS[method], "");
  if (unknown !== undefined) {
    throw new TypeError(`Cannot use ${method}: "${unknown[0]}" ${unknown[1]}`);
  }
  return options;
}
