// AWS external_account credentials against the emulator: region and credentials from the
// environment or the EC2 metadata service (IMDSv1 and v2), the awsSecurityCredentialsSupplier
// option, impersonation; the emulated STS's checks (signature, clock, key, provider); and every
// failure a named error without the AWS secret key or session token in it.
import assert from "node:assert/strict";
import {
  AuthError,
  type AwsSecurityCredentialsSupplier,
  credentialsFromJson,
  type ExternalAccountSupplierContext,
} from "../../../../auth/mod.ts";
import { type Emulator, startEmulator } from "../../../../emulator/mod.ts";

const ASSUMED_ROLE = "arn:aws:sts::123456789012:assumed-role/emulated-role/i-0123456789abcdef0";

function principalOf(emulator: Emulator, arn: string): string {
  const pool = emulator.aws.provider.slice(0, emulator.aws.provider.indexOf("/providers/"));
  return `principal://iam.googleapis.com/${pool}/subject/${arn}`;
}

/** Every secret of the emulated AWS side: the user's and the role's keys and session token. */
async function awsSecrets(emulator: Emulator): Promise<string[]> {
  const role = await (await fetch(
    `${emulator.url}/latest/meta-data/iam/security-credentials/emulated-role`,
  )).json();
  return [emulator.aws.env.AWS_SECRET_ACCESS_KEY!, role.SecretAccessKey, role.Token];
}

function assertNoSecret(error: unknown, secrets: readonly string[]): void {
  assert.ok(error instanceof AuthError);
  const text = `${error.message} ${error.hint} ${error.googleMessage ?? ""} ${error.stack}`;
  for (const secret of secrets) assert.ok(!text.includes(secret), "a secret in the error");
}

Deno.test("an AWS file as gcloud writes it gets tokens from the emulator's metadata service (IMDSv1)", async () => {
  await using emulator = await startEmulator();
  const credentials = credentialsFromJson(emulator.aws.credentialsFile(), { env: {} });
  const info = emulator.tokenInfo((await credentials.getAccessToken()).token);
  assert.equal(info?.principal, principalOf(emulator, ASSUMED_ROLE));
  assert.deepEqual(info?.attributes, {
    aws_role: "arn:aws:sts::123456789012:assumed-role/emulated-role",
  });
  assert.deepEqual(emulator.requests.map((r) => `${r.method} ${r.path}`), [
    "GET /latest/meta-data/placement/availability-zone",
    "GET /latest/meta-data/iam/security-credentials",
    "GET /latest/meta-data/iam/security-credentials/emulated-role",
    "POST /sts/v1/token",
  ]);
  const body = JSON.parse(emulator.requests.at(-1)!.body);
  assert.equal(body.subjectTokenType, "urn:ietf:params:aws:token-type:aws4_request");
  const signed = JSON.parse(decodeURIComponent(body.subjectToken));
  assert.equal(
    signed.url,
    "https://sts.us-east-1.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15",
  );
  assert.deepEqual(signed.headers.map((h: { key: string }) => h.key), [
    "authorization",
    "host",
    "x-amz-date",
    "x-amz-security-token",
    "x-goog-cloud-target-resource",
  ]);
});

Deno.test("IMDSv2: a session token before each metadata read; the v1 file is refused where v2 is required", async () => {
  await using emulator = await startEmulator({ aws: { requireImdsv2: true, region: "eu-west-3" } });
  const credentials = credentialsFromJson(emulator.aws.credentialsFile({ imdsv2: true }), {
    env: {},
  });
  assert.equal(
    emulator.tokenInfo((await credentials.getAccessToken()).token)?.principal,
    principalOf(emulator, ASSUMED_ROLE),
  );
  const metadata = emulator.requests.filter((r) => r.route === "awsMetadata");
  assert.deepEqual(metadata.map((r) => `${r.method} ${r.path}`), [
    "PUT /latest/api/token",
    "GET /latest/meta-data/placement/availability-zone",
    "PUT /latest/api/token",
    "GET /latest/meta-data/iam/security-credentials",
    "GET /latest/meta-data/iam/security-credentials/emulated-role",
  ]);
  assert.equal(metadata[0]!.headers["x-aws-ec2-metadata-token-ttl-seconds"], "300");
  assert.equal(metadata[0]!.body, "");
  for (const read of metadata.filter((r) => r.method === "GET")) {
    assert.match(read.headers["x-aws-ec2-metadata-token"] ?? "", /^AQAEA/);
  }
  const v1 = credentialsFromJson(emulator.aws.credentialsFile(), { env: {} });
  await assert.rejects(v1.getAccessToken(), (error) => {
    assert.ok(error instanceof AuthError);
    assert.equal(error.code, "ERR_SUBJECT_TOKEN_FAILED");
    assert.equal(error.status, 401);
    assert.match(error.message, /AWS region from http:\/\/127\.0\.0\.1:\d+\/latest\/meta-data/);
    return true;
  });
});

Deno.test("AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY and AWS_REGION spare the metadata service", async () => {
  await using emulator = await startEmulator({ aws: { users: [{ name: "deployer" }] } });
  const credentials = credentialsFromJson(emulator.aws.credentialsFile(), {
    env: emulator.aws.env,
  });
  assert.equal(
    emulator.tokenInfo((await credentials.getAccessToken()).token)?.principal,
    principalOf(emulator, "arn:aws:iam::123456789012:user/deployer"),
  );
  assert.deepEqual(emulator.requests.map((r) => r.route), ["sts"]);
  // AWS_DEFAULT_REGION stands in for AWS_REGION; a session token the key does not have is refused.
  const { AWS_REGION: region, ...keys } = emulator.aws.env;
  const withToken = credentialsFromJson(emulator.aws.credentialsFile(), {
    env: { ...keys, AWS_DEFAULT_REGION: region, AWS_SESSION_TOKEN: "not-the-key's-token" },
  });
  await assert.rejects(withToken.getAccessToken(), (error) => {
    assert.ok(error instanceof AuthError);
    assert.equal(error.code, "ERR_STS_EXCHANGE_FAILED");
    assert.match(error.message, /security token included in the request is invalid/);
    return true;
  });
  assert.deepEqual(emulator.requests.map((r) => r.route), ["sts", "sts"]);
});

Deno.test("an AWS file with service_account_impersonation_url gets the service account's tokens", async () => {
  await using emulator = await startEmulator();
  const credentials = credentialsFromJson(
    emulator.aws.credentialsFile({ serviceAccount: emulator.serviceAccount }),
    { env: {} },
  );
  assert.equal(credentials.serviceAccountEmail, emulator.serviceAccount);
  const [access, id] = await Promise.all([
    credentials.getAccessToken(),
    credentials.getIdToken("https://service.example.run.app"),
  ]);
  assert.equal(emulator.tokenInfo(access.token)?.principal, emulator.serviceAccount);
  assert.equal(id.token.split(".").length, 3);
});

Deno.test("awsSecurityCredentialsSupplier: the region asked once, the credentials at each refresh", async () => {
  let clock = Date.now();
  const now = () => clock;
  await using emulator = await startEmulator({ aws: { region: "ap-south-1" }, now });
  const file = JSON.parse(emulator.aws.credentialsFile());
  const contexts: ExternalAccountSupplierContext[] = [];
  let regions = 0;
  let keys = 0;
  const supplier: AwsSecurityCredentialsSupplier = {
    getAwsRegion: (context) => (contexts.push(context), regions++, Promise.resolve("ap-south-1")),
    getAwsSecurityCredentials: (context) => {
      contexts.push(context);
      keys++;
      return Promise.resolve({
        accessKeyId: emulator.aws.env.AWS_ACCESS_KEY_ID!,
        secretAccessKey: emulator.aws.env.AWS_SECRET_ACCESS_KEY!,
      });
    },
  };
  const credentials = credentialsFromJson({
    type: "external_account",
    audience: file.audience,
    subject_token_type: file.subject_token_type,
    token_url: file.token_url,
  }, { awsSecurityCredentialsSupplier: supplier, now });
  const first = await credentials.getAccessToken();
  clock += 3600_000;
  const second = await credentials.getAccessToken();
  assert.notEqual(first.token, second.token);
  assert.deepEqual([regions, keys], [1, 2]);
  for (const context of contexts) {
    assert.deepEqual(context, {
      audience: file.audience,
      subjectTokenType: "urn:ietf:params:aws:token-type:aws4_request",
    });
  }
  assert.deepEqual(emulator.requests.map((r) => r.route), ["sts", "sts"]);
  const signed = JSON.parse(
    decodeURIComponent(JSON.parse(emulator.requests[0]!.body).subjectToken),
  );
  assert.equal(
    signed.url,
    "https://sts.ap-south-1.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15",
  );
});

Deno.test("the emulated STS refuses what AWS would: a wrong secret, a stale signature, another account, the condition", async (t) => {
  await using emulator = await startEmulator();
  const refused = async (credentials: ReturnType<typeof credentialsFromJson>, message: RegExp) =>
    await assert.rejects(credentials.getAccessToken(), (error) => {
      assert.ok(error instanceof AuthError);
      assert.equal(error.code, "ERR_STS_EXCHANGE_FAILED");
      assert.match(error.message, message);
      return true;
    });
  const file = emulator.aws.credentialsFile();
  await t.step("a secret key that is not the key's", async () => {
    const env = { ...emulator.aws.env, AWS_SECRET_ACCESS_KEY: "wrong/secret+key" };
    await refused(credentialsFromJson(file, { env }), /signature we calculated does not match/);
  });
  await t.step("an unknown access key", async () => {
    const env = { ...emulator.aws.env, AWS_ACCESS_KEY_ID: "AKIAUNKNOWNKEY000000" };
    await refused(credentialsFromJson(file, { env }), /security token .* is invalid/);
  });
  await t.step("a signature 20 minutes old", async () => {
    const now = () => Date.now() - 20 * 60_000;
    await refused(credentialsFromJson(file, { env: emulator.aws.env, now }), /Signature expired/);
  });
  await t.step("another AWS account", async () => {
    await using other = await startEmulator({ aws: { provider: { accountId: "999999999999" } } });
    await refused(
      credentialsFromJson(other.aws.credentialsFile(), { env: other.aws.env }),
      /AWS account 123456789012 is not the account the provider trusts/,
    );
  });
  await t.step("the provider's attribute condition", async () => {
    await using strict = await startEmulator({
      aws: { provider: { attributeCondition: "assertion.arn.contains('assumed-role/ci')" } },
    });
    await refused(
      credentialsFromJson(strict.aws.credentialsFile(), { env: strict.aws.env }),
      /rejected by the attribute condition/,
    );
  });
  await t.step("a JWT at the AWS provider", async () => {
    const { audience, token_url } = JSON.parse(file);
    const jwt = credentialsFromJson({
      type: "external_account",
      audience,
      token_url,
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    }, { subjectTokenSupplier: { getSubjectToken: () => Promise.resolve("eyJ.e30.sig") } });
    await refused(jwt, /Invalid value for "subject_token_type"/);
  });
});

Deno.test("AWS failures are named errors without the secret key or the session token", async (t) => {
  await using emulator = await startEmulator();
  const secrets = await awsSecrets(emulator);
  const file = JSON.parse(emulator.aws.credentialsFile());
  const fails = async (make: () => Promise<unknown>, code: string, message: RegExp) =>
    await assert.rejects(make(), (error) => {
      assert.ok(error instanceof AuthError, String(error));
      assert.equal(error.code, code);
      assert.match(error.message, message);
      assertNoSecret(error, secrets);
      return true;
    });
  await t.step("no region anywhere", async () => {
    const { region_url: _, ...source } = file.credential_source;
    const credentials = credentialsFromJson({ ...file, credential_source: source }, { env: {} });
    await fails(
      () => credentials.getAccessToken(),
      "ERR_AWS_REGION_UNAVAILABLE",
      /AWS_REGION and AWS_DEFAULT_REGION are unset and "credential_source" has no "region_url"/,
    );
  });
  await t.step("no credentials anywhere", async () => {
    const { url: _, ...source } = file.credential_source;
    const credentials = credentialsFromJson({ ...file, credential_source: source }, {
      env: { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIAONLYTHEID0000000" },
    });
    await fails(
      () => credentials.getAccessToken(),
      "ERR_AWS_CREDENTIALS_UNAVAILABLE",
      /not both set and "credential_source" has no "url"/,
    );
  });
  await t.step(
    "a metadata answer without the secret key, and a failure that holds the key",
    async () => {
      const [, secretAccessKey, token] = secrets;
      for (
        const [answer, status, message] of [
          [{ AccessKeyId: "ASIAX", Token: token }, 200, /has no "SecretAccessKey" string/],
          [{ Code: "Failure", SecretAccessKey: secretAccessKey, Token: token }, 500, /HTTP 500/],
        ] as const
      ) {
        const fetch = (input: Request | URL | string) =>
          Promise.resolve(
            String(input).endsWith("/emulated-role")
              ? Response.json(answer, { status })
              : new Response(String(input).includes("zone") ? "us-east-1a" : "emulated-role"),
          );
        const credentials = credentialsFromJson(file, {
          env: {},
          fetch,
          retry: { attempts: 1 },
        });
        await fails(() => credentials.getAccessToken(), "ERR_SUBJECT_TOKEN_FAILED", message);
      }
    },
  );
  await t.step("a supplier's bad region and incomplete credentials", async () => {
    const base = {
      type: "external_account",
      audience: file.audience,
      subject_token_type: file.subject_token_type,
      token_url: file.token_url,
    };
    const region = credentialsFromJson(base, {
      awsSecurityCredentialsSupplier: {
        getAwsRegion: () => Promise.resolve("us east 1"),
        getAwsSecurityCredentials: () => Promise.reject(new Error("not reached")),
      },
    });
    await fails(() => region.getAccessToken(), "ERR_AWS_REGION_UNAVAILABLE", /getAwsRegion\(\)/);
    const keys = credentialsFromJson(base, {
      awsSecurityCredentialsSupplier: {
        getAwsRegion: () => Promise.resolve("us-east-1"),
        getAwsSecurityCredentials: () =>
          Promise.resolve({ accessKeyId: "AKIAX", secretAccessKey: "" }),
      },
    });
    await fails(
      () => keys.getAccessToken(),
      "ERR_AWS_CREDENTIALS_UNAVAILABLE",
      /getAwsSecurityCredentials\(\) gave no "secretAccessKey" string/,
    );
  });
  await t.step("an STS refusal quotes no session token", async () => {
    const env = { ...emulator.aws.env, AWS_SESSION_TOKEN: secrets[2]! };
    await fails(
      () => credentialsFromJson(emulator.aws.credentialsFile(), { env }).getAccessToken(),
      "ERR_STS_EXCHANGE_FAILED",
      /security token/,
    );
  });
});

Deno.test("supplier options: one at a time, never beside credential_source, and well formed", () => {
  const base = {
    type: "external_account",
    audience:
      "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
    subject_token_type: "urn:ietf:params:aws:token-type:aws4_request",
  };
  const aws: AwsSecurityCredentialsSupplier = {
    getAwsRegion: () => Promise.resolve("us-east-1"),
    getAwsSecurityCredentials: () => Promise.resolve({ accessKeyId: "a", secretAccessKey: "b" }),
  };
  const subject = { getSubjectToken: () => Promise.resolve("eyJ.a.b") };
  const cases: [object, object, string, RegExp][] = [
    [
      base,
      { awsSecurityCredentialsSupplier: aws, subjectTokenSupplier: subject },
      "ERR_CREDENTIALS_FIELD_INVALID",
      /both give the subject token/,
    ],
    [
      { ...base, credential_source: { file: "/t" } },
      { subjectTokenSupplier: subject },
      "ERR_CREDENTIALS_FIELD_INVALID",
      /"credential_source" and the option subjectTokenSupplier/,
    ],
    [base, { subjectTokenSupplier: {} }, "ERR_OPTIONS_INVALID", /getSubjectToken\(\) method/],
    [
      base,
      { awsSecurityCredentialsSupplier: { getAwsRegion: aws.getAwsRegion } },
      "ERR_OPTIONS_INVALID",
      /getAwsSecurityCredentials\(\)/,
    ],
    [
      base,
      {},
      "ERR_CREDENTIALS_FIELD_MISSING",
      /"credential_source" is missing \(a configuration made in code passes/,
    ],
  ];
  for (const [json, options, code, message] of cases) {
    assert.throws(() => credentialsFromJson(json, options), (error) => {
      assert.ok(error instanceof AuthError);
      assert.equal(error.code, code);
      assert.match(error.message, message);
      return true;
    });
  }
});

Deno.test("refuseLocalSources refuses an AWS source, and not the supplier option", () => {
  const base = {
    type: "external_account",
    audience:
      "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
    subject_token_type: "urn:ietf:params:aws:token-type:aws4_request",
  };
  assert.throws(
    () =>
      credentialsFromJson({
        ...base,
        credential_source: {
          environment_id: "aws1",
          regional_cred_verification_url:
            "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15",
        },
      }, { refuseLocalSources: true }),
    {
      code: "ERR_CREDENTIALS_SOURCE_REFUSED",
      message: /"environment_id" \(AWS\) reads the local machine/,
    },
  );
  credentialsFromJson(base, {
    refuseLocalSources: true,
    awsSecurityCredentialsSupplier: {
      getAwsRegion: () => Promise.resolve("us-east-1"),
      getAwsSecurityCredentials: () => Promise.resolve({ accessKeyId: "a", secretAccessKey: "b" }),
    },
  });
});

Deno.test("the subject token is byte for byte google-auth-library's for the same credentials and time", async () => {
  const { AwsClient } = await import("google-auth-library");
  const at = Date.parse("2020-08-11T06:55:22.345Z");
  const audience =
    "//iam.googleapis.com/projects/123456/locations/global/workloadIdentityPools/POOL_ID/providers/PROVIDER_ID";
  const subjectTokenType = "urn:ietf:params:aws:token-type:aws4_request";
  for (const token of [undefined, "tok/en+="]) {
    const supplier: AwsSecurityCredentialsSupplier = {
      getAwsRegion: () => Promise.resolve("us-east-2"),
      getAwsSecurityCredentials: () =>
        Promise.resolve({
          accessKeyId: "ASIARD4OQDT6A77FR3CL",
          secretAccessKey: "Y8AfSaucF37G4PpvfguKZ3/l7Id4uocLXxX0+VTx",
          ...(token === undefined ? {} : { token }),
        }),
    };
    // google-auth-library signs at `new Date()`: the clock is held still while it signs.
    const RealDate = Date;
    globalThis.Date = class extends RealDate {
      constructor(...args: [] | [string | number | Date]) {
        super(args.length === 0 ? at : args[0]);
      }
      static override now() {
        return at;
      }
    } as DateConstructor;
    let theirs: string;
    try {
      theirs = await new AwsClient({
        audience,
        subject_token_type: subjectTokenType,
        aws_security_credentials_supplier: supplier,
      }).retrieveSubjectToken();
    } finally {
      globalThis.Date = RealDate;
    }
    let ours = "";
    const credentials = credentialsFromJson({
      type: "external_account",
      audience,
      subject_token_type: subjectTokenType,
    }, {
      awsSecurityCredentialsSupplier: supplier,
      now: () => at,
      fetch: (_url, init) => {
        ours = JSON.parse(String(init?.body)).subjectToken;
        return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3600 }));
      },
    });
    await credentials.getAccessToken();
    assert.equal(ours, theirs);
    assert.match(
      decodeURIComponent(ours),
      token === undefined ? /Signature=d095ba304919cd0d/ : /Signature=41328348de78e2a0/,
    );
  }
});

/** An AWS file whose keys come from the environment, for the tests that give it one. */
const ENV_KEYS_FILE = {
  type: "external_account",
  audience:
    "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/aws",
  subject_token_type: "urn:ietf:params:aws:token-type:aws4_request",
  token_url: "https://sts.googleapis.com/v1/token",
  credential_source: {
    environment_id: "aws1",
    regional_cred_verification_url:
      "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15",
  },
};

Deno.test("an STS answer that quotes the session token or the signature has them redacted", async (t) => {
  const session = "IQoJb3JpZ2luX2VjEHcaCXVzLWVhc3QtMSJHMEUCIQDexample/abc+def==";
  const env = {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "ASIAEXAMPLEEXAMPLE",
    AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMIexampleexampleKEY",
    AWS_SESSION_TOKEN: session,
  };
  for (const part of ["session token", "signature"]) {
    await t.step(part, async () => {
      let quoted = "";
      const credentials = credentialsFromJson(ENV_KEYS_FILE, {
        env,
        retry: { attempts: 1 },
        fetch: (_url, init) => {
          const signed = JSON.parse(
            decodeURIComponent(JSON.parse(String(init?.body)).subjectToken),
          );
          const authorization = signed.headers.find((h: { key: string }) =>
            h.key === "authorization"
          ).value;
          quoted = part === "signature" ? /Signature=(\w+)/.exec(authorization)![1]! : session;
          return Promise.resolve(Response.json({
            error: "invalid_grant",
            error_description: `AWS rejected ${quoted} for this request`,
          }, { status: 400 }));
        },
      });
      const error = await credentials.getAccessToken().then(() => undefined, (e) => e);
      assertNoSecret(error, [quoted, env.AWS_SECRET_ACCESS_KEY]);
      assert.match((error as AuthError).message, /AWS rejected/);
    });
  }
});

Deno.test("a region from the environment must be a region name: it goes into the signed host", () => {
  const env = {
    AWS_REGION: "x.example/#",
    AWS_ACCESS_KEY_ID: "AKIAEXAMPLEEXAMPLE",
    AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMIexampleexampleKEY",
  };
  let calls = 0;
  const credentials = credentialsFromJson(ENV_KEYS_FILE, {
    env,
    fetch: () => (calls++, Promise.reject(new Error("no call expected"))),
  });
  return assert.rejects(credentials.getAccessToken(), (error: AuthError) => {
    assert.equal(error.code, "ERR_AWS_REGION_UNAVAILABLE");
    assert.match(error.message, /not a region such as us-east-2/);
    assert.equal(calls, 0);
    return true;
  });
});
