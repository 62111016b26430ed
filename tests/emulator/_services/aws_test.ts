// The emulated AWS side: the EC2 metadata service's answers and refusals (IMDSv2 session tokens,
// proxies, methods), the STS check of AWS subject tokens in each serialization Google's clients
// send (Node, Python, Go: encodings, header case, a signed x-goog-cloud-target-resource) and each
// refusal, and the options' checks.
import assert from "node:assert/strict";
import { signAwsRequest } from "../../../auth/keys/_aws_signature.ts";
import { type Emulator, startEmulator } from "../../../emulator/mod.ts";
import { GCLOUD_EXTERNAL_ACCOUNT_FIELDS } from "../../support/gcloud.ts";

const VERIFY = "https://sts.us-east-1.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15";

function imds(emulator: Emulator, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${emulator.url}/latest/${path}`, init);
}

Deno.test("the EC2 metadata service answers the zone, the role and its credentials, behind IMDSv2 when required", async () => {
  await using emulator = await startEmulator({ aws: { region: "eu-north-1", role: "builder" } });
  assert.equal(
    await (await imds(emulator, "meta-data/placement/availability-zone")).text(),
    "eu-north-1a",
  );
  assert.equal(
    await (await imds(emulator, "meta-data/iam/security-credentials/")).text(),
    "builder",
  );
  const credentials = await (await imds(emulator, "meta-data/iam/security-credentials/builder"))
    .json();
  assert.equal(credentials.Code, "Success");
  assert.match(credentials.AccessKeyId, /^ASIA[0-9A-F]{16}$/);
  assert.ok(Date.parse(credentials.Expiration) > Date.now());
  const statuses = async (paths: [string, RequestInit?][]) =>
    await Promise.all(paths.map(async ([path, init]) => {
      const response = await imds(emulator, path, init);
      await response.body?.cancel();
      return response.status;
    }));
  assert.deepEqual(
    await statuses([
      ["meta-data/iam/security-credentials/other"],
      ["meta-data/instance-id"],
      ["api/token", { method: "PUT" }],
      ["api/token", {
        method: "PUT",
        headers: { "x-aws-ec2-metadata-token-ttl-seconds": "21601" },
      }],
      ["api/token", { headers: { "x-aws-ec2-metadata-token-ttl-seconds": "60" } }],
      ["meta-data/placement/availability-zone", { headers: { "x-forwarded-for": "10.0.0.1" } }],
      ["meta-data/placement/availability-zone", { headers: { "x-aws-ec2-metadata-token": "x" } }],
    ]),
    [404, 404, 400, 400, 405, 403, 401],
  );
});

Deno.test("requireImdsv2: a read needs a live session token", async () => {
  let clock = Date.now();
  await using emulator = await startEmulator({ aws: { requireImdsv2: true }, now: () => clock });
  const zone = "meta-data/placement/availability-zone";
  assert.equal((await imds(emulator, zone)).status, 401);
  const token = await (await imds(emulator, "api/token", {
    method: "PUT",
    headers: { "x-aws-ec2-metadata-token-ttl-seconds": "60" },
  })).text();
  const read = () => imds(emulator, zone, { headers: { "x-aws-ec2-metadata-token": token } });
  assert.equal(await (await read()).text(), "us-east-1a");
  clock += 61_000;
  const expired = await read();
  await expired.body?.cancel();
  assert.equal(expired.status, 401);
});

/** A signed GetCallerIdentity as each client serializes it. */
async function subjectToken(
  emulator: Emulator,
  style: "node" | "python" | "go",
  change: {
    url?: string;
    target?: string;
    signTarget?: boolean;
    /** The x-goog-cloud-target-resource value signed, when it differs from the one sent. */
    signedTarget?: string;
    date?: Date;
    drop?: string;
  } = {},
): Promise<string> {
  const url = change.url ?? VERIFY;
  const target = change.target ?? `//iam.googleapis.com/${emulator.aws.provider}`;
  const key = {
    accessKeyId: emulator.aws.env.AWS_ACCESS_KEY_ID!,
    secretAccessKey: emulator.aws.env.AWS_SECRET_ACCESS_KEY!,
  };
  const signTarget = change.signTarget ?? style === "go";
  const host = new URL(url).hostname;
  const signed = await signAwsRequest(
    {
      method: "POST",
      url,
      headers: signTarget ? { "x-goog-cloud-target-resource": change.signedTarget ?? target } : {},
    },
    key,
    { region: host.split(".")[1]!, service: "sts", date: change.date ?? new Date() },
  );
  const headers: Record<string, string> = { ...signed, "x-goog-cloud-target-resource": target };
  if (change.drop !== undefined) delete headers[change.drop];
  const names = Object.keys(headers).sort();
  if (style === "node") {
    const list = names.map((name) => ({ key: name, value: headers[name] }));
    return encodeURIComponent(JSON.stringify({ url, method: "POST", headers: list }));
  }
  if (style === "python") {
    const list = names.map((name) => ({
      key: name === "authorization" ? "Authorization" : name,
      value: headers[name],
    }));
    return encodeURIComponent(JSON.stringify({ headers: list, method: "POST", url }))
      .replaceAll("%2F", "/");
  }
  const mime = (name: string) =>
    name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase());
  const list = names.map((name) => ({ key: mime(name), value: headers[name] }));
  return encodeURIComponent(JSON.stringify({ url, method: "POST", headers: list }))
    .replaceAll("%20", "+");
}

async function exchangeAws(emulator: Emulator, subjectToken: string) {
  const response = await fetch(`${emulator.endpoints.sts}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      audience: `//iam.googleapis.com/${emulator.aws.provider}`,
      requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
      subject_token_type: "urn:ietf:params:aws:token-type:aws4_request",
      subject_token: subjectToken,
      scope: "https://www.googleapis.com/auth/cloud-platform",
    }),
  });
  return { status: response.status, json: await response.json() };
}

Deno.test("STS accepts the AWS subject tokens of Node, Python and Go, and Java's target without https:", async (t) => {
  await using emulator = await startEmulator();
  for (const style of ["node", "python", "go"] as const) {
    await t.step(style, async () => {
      const { status, json } = await exchangeAws(emulator, await subjectToken(emulator, style));
      assert.equal(status, 200, JSON.stringify(json));
      assert.match(
        emulator.tokenInfo(json.access_token)!.principal,
        /\/subject\/arn:aws:iam::123456789012:user\/emulated-user$/,
      );
    });
  }
  await t.step("java", async () => {
    const target = `https://iam.googleapis.com/${emulator.aws.provider}`;
    const { status } = await exchangeAws(
      emulator,
      await subjectToken(emulator, "node", { target }),
    );
    assert.equal(status, 200);
  });
});

Deno.test("STS refuses AWS subject tokens AWS or Google would", async (t) => {
  await using emulator = await startEmulator();
  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      "not a serialized request",
      () => Promise.resolve("eyJ.e30.sig"),
      /not a serialized, signed AWS request/,
    ],
    [
      "another AWS call",
      () =>
        subjectToken(emulator, "node", {
          url: "https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08",
        }),
      /not an AWS STS GetCallerIdentity request/,
    ],
    [
      "a second Action after GetCallerIdentity",
      () => subjectToken(emulator, "node", { url: `${VERIFY}&Action=AssumeRole` }),
      /not an AWS STS GetCallerIdentity request/,
    ],
    [
      "a second Version",
      () => subjectToken(emulator, "node", { url: `${VERIFY}&Version=2099-01-01` }),
      /not an AWS STS GetCallerIdentity request/,
    ],
    [
      "no Version",
      () =>
        subjectToken(emulator, "node", {
          url: "https://sts.us-east-1.amazonaws.com?Action=GetCallerIdentity",
        }),
      /not an AWS STS GetCallerIdentity request/,
    ],
    [
      "another provider's target",
      () =>
        subjectToken(emulator, "node", {
          target:
            "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
        }),
      /does not name this provider/,
    ],
    [
      "no x-amz-date",
      () => subjectToken(emulator, "node", { drop: "x-amz-date" }),
      /not signed with Signature Version 4/,
    ],
    [
      "signed 16 minutes ahead",
      () => subjectToken(emulator, "node", { date: new Date(Date.now() + 16 * 60_000) }),
      /Signature expired/,
    ],
    [
      "a signed target header changed after signing",
      () =>
        subjectToken(emulator, "go", {
          signedTarget:
            "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x",
        }),
      /signature we calculated does not match/,
    ],
  ];
  for (const [name, make, message] of cases) {
    await t.step(name, async () => {
      const { status, json } = await exchangeAws(emulator, await make());
      assert.equal(status, 400);
      assert.equal(json.error, "invalid_grant");
      assert.match(json.error_description, message);
    });
  }
  await t.step("the role's key without its session token", async () => {
    const role = await (await imds(emulator, "meta-data/iam/security-credentials/emulated-role"))
      .json();
    const signed = await signAwsRequest({ method: "POST", url: VERIFY }, {
      accessKeyId: role.AccessKeyId,
      secretAccessKey: role.SecretAccessKey,
    }, { region: "us-east-1", service: "sts", date: new Date() });
    const headers = {
      ...signed,
      "x-goog-cloud-target-resource": `//iam.googleapis.com/${emulator.aws.provider}`,
    };
    const token = encodeURIComponent(JSON.stringify({
      url: VERIFY,
      method: "POST",
      headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
    }));
    const { json } = await exchangeAws(emulator, token);
    assert.match(json.error_description, /security token included in the request is invalid/);
  });
});

Deno.test("startEmulator() refuses bad AWS options, naming them", async () => {
  const cases: [object, RegExp][] = [
    [{ accountId: "12" }, /"aws\.accountId" must be 12 digits/],
    [{ region: "Mars" }, /"aws\.region"/],
    [{ role: "a/b" }, /"aws\.role"/],
    [{ users: [] }, /"aws\.users" must name at least one user/],
    [{ users: [{ name: "a", accessKeyId: "lower" }] }, /"aws\.users\[0\]\.accessKeyId"/],
    [{ provider: { id: "aws" } }, /"aws\.provider\.id"/],
    [
      { provider: { attributeMapping: { "attribute.x": "assertion.arn" } } },
      /must map "google\.subject"/,
    ],
    [
      { provider: { attributeCondition: "assertion.arn ==" } },
      /"aws\.provider\.attributeCondition" is not valid CEL/,
    ],
  ];
  for (const [aws, message] of cases) {
    await assert.rejects(startEmulator({ aws }), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, message);
      return true;
    });
  }
});

Deno.test("aws.credentialsFile() writes gcloud's file, pointed at the emulator", async () => {
  await using emulator = await startEmulator();
  const file = JSON.parse(emulator.aws.credentialsFile({ imdsv2: true }));
  assert.deepEqual(Object.keys(file), GCLOUD_EXTERNAL_ACCOUNT_FIELDS);
  assert.equal(file.credential_source.imdsv2_session_token_url, `${emulator.url}/latest/api/token`);
  assert.throws(
    () => emulator.aws.credentialsFile({ serviceAccount: "nobody@p.iam.gserviceaccount.com" }),
    /does not exist/,
  );
});
