// The emulated AWS side checked once and filled with defaults: the account, the instance's role
// and its temporary credentials (fixed for the emulator's life), IAM users' keys, and the pool's
// AWS provider with Google's default attribute mapping for AWS.
import type { CelProgram } from "../_cel/cel.ts";
import { compiledRules, fail } from "./provider_rules.ts";
import { randomId } from "./key_pool.ts";
import type { AwsOptions } from "../types.ts";

/** An access key STS accepts, and the caller GetCallerIdentity names for it. */
export interface AwsKeyRecord {
  accessKeyId: string;
  secretAccessKey: string;
  /** The session token of temporary credentials, required with them. */
  sessionToken?: string;
  arn: string;
}

/** The checked AWS provider. */
export interface AwsProvider {
  name: string;
  accountId: string;
  mapping: readonly (readonly [target: string, program: CelProgram])[];
  condition: CelProgram | undefined;
}

/** The checked AWS side. */
export interface AwsConfig {
  accountId: string;
  region: string;
  role: string;
  /** The instance's role credentials, as the metadata service hands them out. */
  roleKey: Required<AwsKeyRecord>;
  /** Every key STS accepts, by access key id. */
  keys: ReadonlyMap<string, AwsKeyRecord>;
  /** The first IAM user's key. */
  userKey: AwsKeyRecord;
  requireImdsv2: boolean;
  provider: AwsProvider;
}

/** Google's default mapping of an AWS provider (IAM API reference, `attributeMapping`). */
const DEFAULT_MAPPING: Readonly<Record<string, string>> = {
  "google.subject": "assertion.arn",
  "attribute.aws_role":
    "assertion.arn.contains('assumed-role') ? assertion.arn.extract('{account_arn}assumed-role/') + 'assumed-role/' + assertion.arn.extract('assumed-role/{role_name}/') : assertion.arn",
};
const INSTANCE_ID = "i-0123456789abcdef0";

/** A random key id with AWS's prefix (`AKIA` long-term, `ASIA` temporary): 20 characters. */
function keyId(prefix: "AKIA" | "ASIA"): string {
  return `${prefix}${randomId(8).toUpperCase()}`;
}

function secret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(30))));
}

function providerOf(options: AwsOptions, pool: string, accountId: string): AwsProvider {
  const given = options.provider ?? {};
  const id = given.id ?? "emulated-aws";
  if (!/^[a-z0-9-]{4,32}$/.test(id)) fail("aws.provider.id", "must be 4 to 32 of a-z, 0-9 and -");
  const providerAccount = given.accountId ?? accountId;
  if (!/^\d{12}$/.test(providerAccount)) fail("aws.provider.accountId", "must be 12 digits");
  return {
    name: `${pool}/providers/${id}`,
    accountId: providerAccount,
    ...compiledRules(
      "aws.provider",
      given.attributeMapping ?? DEFAULT_MAPPING,
      given.attributeCondition,
    ),
  };
}

/** Checks `options` (the emulator's `aws`) and fills in the defaults. */
export function awsConfigOf(options: AwsOptions = {}, pool: string): AwsConfig {
  const accountId = options.accountId ?? "123456789012";
  if (!/^\d{12}$/.test(accountId)) fail("aws.accountId", "must be 12 digits");
  const region = options.region ?? "us-east-1";
  if (!/^[a-z]{2}(-[a-z0-9]+)+$/.test(region)) {
    fail("aws.region", "must be a region, such as us-east-2");
  }
  const role = options.role ?? "emulated-role";
  if (!/^[\w+=,.@-]{1,64}$/.test(role)) fail("aws.role", "must be an IAM role name");
  const roleKey = {
    accessKeyId: keyId("ASIA"),
    secretAccessKey: secret(),
    sessionToken: `IQoJb3JpZ2luX2Vj${secret()}${secret()}`,
    arn: `arn:aws:sts::${accountId}:assumed-role/${role}/${INSTANCE_ID}`,
  };
  const users = (options.users ?? [{ name: "emulated-user" }]).map((user, i) => {
    if (!/^[\w+=,.@-]{1,64}$/.test(user.name)) {
      fail(`aws.users[${i}].name`, "must be an IAM user name");
    }
    const accessKeyId = user.accessKeyId ?? keyId("AKIA");
    if (!/^[A-Z0-9]{16,128}$/.test(accessKeyId)) {
      fail(`aws.users[${i}].accessKeyId`, "must be 16 to 128 of A-Z and 0-9");
    }
    const secretAccessKey = user.secretAccessKey ?? secret();
    if (secretAccessKey === "") fail(`aws.users[${i}].secretAccessKey`, "must not be empty");
    return { accessKeyId, secretAccessKey, arn: `arn:aws:iam::${accountId}:user/${user.name}` };
  });
  if (users.length === 0) fail("aws.users", "must name at least one user");
  const keys = new Map<string, AwsKeyRecord>();
  for (const key of [roleKey, ...users]) {
    if (keys.has(key.accessKeyId)) fail("aws.users", `has access key ${key.accessKeyId} twice`);
    keys.set(key.accessKeyId, key);
  }
  return {
    accountId,
    region,
    role,
    roleKey,
    keys,
    userKey: users[0]!,
    requireImdsv2: options.requireImdsv2 ?? false,
    provider: providerOf(options, pool, accountId),
  };
}
