// The subject token of an AWS `external_account` (`credential_source.environment_id: "aws1"`, or
// the awsSecurityCredentialsSupplier option): STS GetCallerIdentity signed with the AWS
// credentials (SigV4), serialized as Google's STS reads it. The region comes from AWS_REGION /
// AWS_DEFAULT_REGION or `region_url`, the credentials from AWS_ACCESS_KEY_ID /
// AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN or the EC2 metadata service's `url` (role name, then
// the role's credentials), each behind an IMDSv2 session token when the file names its URL.
import { bareEndpoint } from "../../../endpoint/mod.ts";
import { CredentialsError, GoogleApiError } from "../../errors.ts";
import {
  CREDENTIALS_UNSUPPORTED_HINT,
  EXTERNAL_SOURCE_HINTS,
  SUBJECT_TOKEN_HINT,
} from "../../_hints.ts";
import { type AwsKey, signAwsRequest } from "../../keys/_aws_signature.ts";
import { httpRequest } from "../../_transport/google_request.ts";
import { requestJson, requestText } from "../../_transport/http.ts";
import { untilAborted } from "../../_util/abort.ts";
import { quote } from "../../_util/quote.ts";
import type {
  AwsSecurityCredentialsSupplier,
  ExternalAccountSupplierContext,
} from "../external_account_options.ts";
import { fieldError, type Fields, optionalString, requiredString, urlField } from "./fields.ts";
import type { FetchContext, SubjectTokenSource } from "./source.ts";
import type { EnvLike } from "../types.ts";

/** GetCallerIdentity at the region's STS, as google-auth-library signs it for a supplier. */
const DEFAULT_VERIFICATION_URL =
  "https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15";
/** AWS STS's hosts: regional, global, FIPS and China. */
const AWS_STS_HOST = /^sts(?:-fips)?(?:\.[a-z0-9-]+)?\.amazonaws\.com(?:\.cn)?$/;
const IMDS_TOKEN_TTL_SECONDS = "300";
/** An AWS region name, such as `us-east-2` (it goes into the signed STS host). */
const REGION = /^[a-z]{2}(?:-[a-z0-9]+)+$/;

/** Where the region and the credentials come from. */
interface AwsSupplier {
  region(context: FetchContext): Promise<string>;
  credentials(context: FetchContext): Promise<AwsKey>;
}

function awsError(
  code: "ERR_AWS_REGION_UNAVAILABLE" | "ERR_AWS_CREDENTIALS_UNAVAILABLE",
  origin: string,
  problem: string,
): CredentialsError {
  const what = code === "ERR_AWS_REGION_UNAVAILABLE" ? "region" : "credentials";
  return new CredentialsError(code, `Cannot get the AWS ${what} of ${origin}: ${problem}`, {
    option: "credentials",
    hint: EXTERNAL_SOURCE_HINTS[code],
  });
}

/** A failed call to the EC2 metadata service, or an answer without what was asked. */
function metadataError(message: string, details: { status?: number; secrets?: readonly string[] }) {
  return new GoogleApiError("ERR_SUBJECT_TOKEN_FAILED", message, {
    ...details,
    defaultHint: SUBJECT_TOKEN_HINT,
  });
}

/**
 * Whether `url`'s query is GetCallerIdentity's and nothing else: exactly one `Action` of
 * `GetCallerIdentity` and one `Version` of `2011-06-15`. A second `Action` (`...&Action=AssumeRole`)
 * would be signed too, and what AWS makes of it is not ours to guess.
 */
function isGetCallerIdentity(url: URL): boolean {
  const names = [...url.searchParams.keys()];
  return names.length === 2 && url.searchParams.getAll("Action").join() === "GetCallerIdentity" &&
    url.searchParams.getAll("Version").join() === "2011-06-15";
}

/**
 * The verification URL template, checked with a sample region: signing any other request would
 * hand `token_url` a request it could replay at AWS with the machine's credentials.
 */
function verificationUrlOf(source: Fields): string {
  const template = requiredString(source, "regional_cred_verification_url");
  let url: URL | undefined;
  try {
    url = new URL(template.replace("{region}", "us-east-1"));
  } catch {
    url = undefined;
  }
  if (
    url === undefined || url.protocol !== "https:" || !AWS_STS_HOST.test(url.hostname) ||
    url.username !== "" || url.password !== "" ||
    !isGetCallerIdentity(url)
  ) {
    throw fieldError(
      source,
      `"regional_cred_verification_url" must be AWS STS's GetCallerIdentity URL (one Action=GetCallerIdentity, one Version=2011-06-15, nothing else), such as ${DEFAULT_VERIFICATION_URL}`,
    );
  }
  return template;
}

function environmentVersion(source: Fields): void {
  const id = requiredString(source, "environment_id");
  const match = /^aws(\d+)$/.exec(id);
  if (match === null) {
    throw fieldError(source, `"environment_id" is ${quote(id)}, expected "aws1"`);
  }
  if (match[1] !== "1") {
    throw fieldError(
      source,
      `"environment_id" is ${quote(id)}: only version 1 ("aws1") is supported`,
      "ERR_CREDENTIALS_UNSUPPORTED",
      undefined,
      CREDENTIALS_UNSUPPORTED_HINT,
    );
  }
}

/** The region and credentials of a `credential_source`: the environment, else the metadata URLs. */
function metadataSupplier(source: Fields, env: EnvLike): AwsSupplier {
  const optionalUrl = (name: string) =>
    optionalString(source, name) === undefined ? undefined : urlField(source, name);
  const regionUrl = optionalUrl("region_url");
  const credentialsUrl = optionalUrl("url");
  const sessionTokenUrl = optionalUrl("imdsv2_session_token_url");
  const { origin } = source;
  const where = (url: string) => {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  };

  /** The IMDSv2 session token header, when the file names its URL (one token per use). */
  async function sessionHeaders(context: FetchContext): Promise<Record<string, string>> {
    if (sessionTokenUrl === undefined) return {};
    // A PUT without a body, as Google's libraries send it.
    const { body: _none, ...request } = httpRequest(bareEndpoint("PUT {+url}", {
      url: sessionTokenUrl,
      headers: { "x-aws-ec2-metadata-token-ttl-seconds": IMDS_TOKEN_TTL_SECONDS },
    }));
    const { text } = await requestText(request, context.call, {
      message: `Failed to get an IMDSv2 session token from ${where(sessionTokenUrl)}`,
      secrets: [],
      error: metadataError,
    });
    return { "x-aws-ec2-metadata-token": text.trim() };
  }

  async function getText(
    url: string,
    what: string,
    context: FetchContext,
    headers: Record<string, string>,
  ) {
    const request = httpRequest(bareEndpoint("GET {+url}", { url, headers }));
    const message = `Failed to get the AWS ${what} from ${where(url)}`;
    const secrets = Object.values(headers);
    const { text } = await requestText(request, context.call, {
      message,
      secrets,
      error: metadataError,
    });
    return { text: text.trim(), message, secrets };
  }

  return {
    async region(context) {
      const fromEnv = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim();
      if (fromEnv) {
        // The region goes into the signed host (sts.<region>.amazonaws.com): only a region name.
        if (!REGION.test(fromEnv)) {
          throw awsError(
            "ERR_AWS_REGION_UNAVAILABLE",
            origin,
            `AWS_REGION (or AWS_DEFAULT_REGION) is ${
              quote(fromEnv)
            }, not a region such as us-east-2`,
          );
        }
        return fromEnv;
      }
      if (regionUrl === undefined) {
        throw awsError(
          "ERR_AWS_REGION_UNAVAILABLE",
          origin,
          `AWS_REGION and AWS_DEFAULT_REGION are unset and "credential_source" has no "region_url"`,
        );
      }
      const { text, message } = await getText(
        regionUrl,
        "region",
        context,
        await sessionHeaders(context),
      );
      // The metadata service answers the availability zone, such as us-east-2b: its region is
      // all but the zone letter.
      const region = text.slice(0, -1);
      if (!REGION.test(region)) {
        throw metadataError(`${message}: ${quote(text)} is not an availability zone`, {});
      }
      return region;
    },
    async credentials(context) {
      const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
      const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
      if (accessKeyId && secretAccessKey) {
        const sessionToken = env.AWS_SESSION_TOKEN?.trim() || undefined;
        return { accessKeyId, secretAccessKey, sessionToken };
      }
      if (credentialsUrl === undefined) {
        throw awsError(
          "ERR_AWS_CREDENTIALS_UNAVAILABLE",
          origin,
          `AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set and "credential_source" has no "url"`,
        );
      }
      const headers = await sessionHeaders(context);
      const role = await getText(credentialsUrl, "role name", context, headers);
      if (!/^[\w+=,.@-]{1,64}$/.test(role.text)) {
        throw metadataError(`${role.message}: the answer is not an IAM role name`, {
          secrets: role.secrets,
        });
      }
      const url = `${credentialsUrl.replace(/\/+$/, "")}/${role.text}`;
      const request = httpRequest(
        bareEndpoint("GET {+url}", { url, headers: { ...headers, accept: "application/json" } }),
      );
      const message = `Failed to get the AWS credentials of role ${quote(role.text)} from ${
        where(url)
      }`;
      const { json } = await requestJson(request, context.call, {
        message,
        field: "AccessKeyId",
        secrets: role.secrets,
        error: metadataError,
      });
      const answer = json as Record<string, unknown>;
      for (const name of ["SecretAccessKey", "Token"]) {
        if (typeof answer[name] !== "string" || answer[name] === "") {
          throw metadataError(`${message}: the answer has no "${name}" string`, {});
        }
      }
      return {
        accessKeyId: answer.AccessKeyId as string,
        secretAccessKey: answer.SecretAccessKey as string,
        sessionToken: answer.Token as string,
      };
    },
  };
}

/** The region and credentials of the awsSecurityCredentialsSupplier option, checked. */
function optionSupplier(
  supplier: AwsSecurityCredentialsSupplier,
  supplierContext: ExternalAccountSupplierContext,
  origin: string,
): AwsSupplier {
  const gave = (what: string) => `the option awsSecurityCredentialsSupplier's ${what}() gave`;
  return {
    async region(context) {
      const region = await untilAborted(
        supplier.getAwsRegion({ ...supplierContext }),
        context.call.signal,
      );
      if (typeof region !== "string" || !REGION.test(region)) {
        throw awsError(
          "ERR_AWS_REGION_UNAVAILABLE",
          origin,
          `${gave("getAwsRegion")} ${
            typeof region === "string" ? quote(region) : `a ${typeof region}`
          }, not an AWS region such as us-east-2`,
        );
      }
      return region;
    },
    async credentials(context) {
      const given: unknown = await untilAborted(
        supplier.getAwsSecurityCredentials({ ...supplierContext }),
        context.call.signal,
      );
      const record = (typeof given === "object" && given !== null ? given : {}) as Record<
        string,
        unknown
      >;
      for (const name of ["accessKeyId", "secretAccessKey"]) {
        if (typeof record[name] !== "string" || record[name] === "") {
          throw awsError(
            "ERR_AWS_CREDENTIALS_UNAVAILABLE",
            origin,
            `${gave("getAwsSecurityCredentials")} no "${name}" string`,
          );
        }
      }
      if (record.token !== undefined && typeof record.token !== "string") {
        throw awsError(
          "ERR_AWS_CREDENTIALS_UNAVAILABLE",
          origin,
          `${gave("getAwsSecurityCredentials")} a "token" that is not a string`,
        );
      }
      return {
        accessKeyId: record.accessKeyId as string,
        secretAccessKey: record.secretAccessKey as string,
        sessionToken: (record.token as string | undefined) || undefined,
      };
    },
  };
}

/**
 * The signed GetCallerIdentity request as STS reads it: the URL-encoded JSON of `url`, `method`
 * and the headers as `{key, value}` pairs in name order, `x-goog-cloud-target-resource` (the
 * audience) added after signing, as google-auth-library and Python google-auth send it.
 */
async function signedRequestToken(
  template: string,
  audience: string,
  region: string,
  key: AwsKey,
  date: Date,
): Promise<string> {
  const url = template.replace("{region}", region);
  const service = new URL(url).hostname.split(".")[0]!.replace(/-fips$/, "");
  const signed = await signAwsRequest({ method: "POST", url }, key, { region, service, date });
  const headers: Record<string, string> = {
    ...signed,
    "x-goog-cloud-target-resource": audience,
  };
  const list = Object.keys(headers).sort().map((name) => ({ key: name, value: headers[name] }));
  return encodeURIComponent(JSON.stringify({ url, method: "POST", headers: list }));
}

/** How the subject token is made from a supplier: region asked once, credentials each time. */
function tokenSource(
  supplier: AwsSupplier,
  template: string,
  audience: string,
): SubjectTokenSource {
  let region: Promise<string> | undefined;
  return async (context) => {
    const pending = region ??= supplier.region(context);
    pending.catch(() => {
      if (region === pending) region = undefined;
    });
    const resolved = await pending;
    const key = await supplier.credentials(context);
    const now = context.call.now?.() ?? Date.now();
    return await signedRequestToken(template, audience, resolved, key, new Date(now));
  };
}

/** Validates an AWS `credential_source` (`environment_id`) and returns its subject token source. */
export function awsSource(fields: Fields, source: Fields, env: EnvLike): SubjectTokenSource {
  environmentVersion(source);
  const template = verificationUrlOf(source);
  const audience = requiredString(fields, "audience");
  return tokenSource(metadataSupplier(source, env), template, audience);
}

/** The subject token source of the awsSecurityCredentialsSupplier option. */
export function awsSupplierSource(
  fields: Fields,
  supplier: AwsSecurityCredentialsSupplier,
): SubjectTokenSource {
  const audience = requiredString(fields, "audience");
  const subjectTokenType = requiredString(fields, "subject_token_type");
  return tokenSource(
    optionSupplier(supplier, { audience, subjectTokenType }, fields.origin),
    DEFAULT_VERIFICATION_URL,
    audience,
  );
}
