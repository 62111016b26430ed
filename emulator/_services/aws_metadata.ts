// The EC2 instance metadata service (IMDS) under /latest/, as AWS answers the paths AWS
// credentials use: the availability zone, the instance's role name and its temporary
// credentials, and IMDSv2 session tokens (PUT /latest/api/token with a TTL header; then the
// token in `x-aws-ec2-metadata-token`). A request through a proxy (X-Forwarded-For) is refused,
// as AWS refuses it; with `requireImdsv2`, a request without a valid token gets 401.
import { randomId } from "../_core/key_pool.ts";
import type { State } from "../_core/state.ts";
import type { Incoming } from "../_core/wire.ts";

/** The metadata service's path prefix. */
export const AWS_METADATA_PREFIX = "/latest/";
const TOKEN_PATH = "/latest/api/token";
const ZONE_PATH = "/latest/meta-data/placement/availability-zone";
const ROLES_PATH = "/latest/meta-data/iam/security-credentials";
const MAX_TTL_SECONDS = 21_600;
/** How long the role's credentials say they last (AWS rotates them hours before). */
const CREDENTIALS_LIFETIME_MS = 6 * 3600_000;

function text(status: number, body: string, type = "text/plain"): Response {
  return new Response(body, { status, headers: { "content-type": type, server: "EC2ws" } });
}

function notFound(): Response {
  return text(404, "404 - Not Found\n", "text/html");
}

/** A new session token for `PUT /latest/api/token`, or AWS's refusal. */
function issueSession(request: Incoming, state: State): Response {
  if (request.method !== "PUT") return text(405, "405 - Method Not Allowed\n", "text/html");
  const ttl = Number(request.headers.get("x-aws-ec2-metadata-token-ttl-seconds"));
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS) {
    return text(400, "400 - Bad Request\n", "text/html");
  }
  const token = `AQAEA${randomId(24)}`;
  const now = state.config.now();
  for (const [old, expires] of state.imdsSessions) {
    if (expires <= now) state.imdsSessions.delete(old);
  }
  state.imdsSessions.set(token, now + ttl * 1000);
  return new Response(token, {
    headers: {
      "content-type": "text/plain",
      "x-aws-ec2-metadata-token-ttl-seconds": String(ttl),
      server: "EC2ws",
    },
  });
}

/** Whether a GET may be answered: a valid session token, or none where IMDSv1 is allowed. */
function authorized(request: Incoming, state: State): boolean {
  const token = request.headers.get("x-aws-ec2-metadata-token");
  if (token === null) return !state.config.aws.requireImdsv2;
  const expires = state.imdsSessions.get(token);
  return expires !== undefined && expires > state.config.now();
}

/** Answers a request under {@linkcode AWS_METADATA_PREFIX}. */
export function awsMetadataAnswer(request: Incoming, state: State): Response {
  const { aws, now } = state.config;
  if (request.headers.has("x-forwarded-for")) return text(403, "403 - Forbidden\n", "text/html");
  const path = request.url.pathname;
  if (path === TOKEN_PATH) return issueSession(request, state);
  if (request.method !== "GET") return text(405, "405 - Method Not Allowed\n", "text/html");
  if (!authorized(request, state)) return text(401, "401 - Unauthorized\n", "text/html");
  if (path === ZONE_PATH) return text(200, `${aws.region}a`);
  if (path === ROLES_PATH || path === `${ROLES_PATH}/`) return text(200, aws.role);
  if (path === `${ROLES_PATH}/${aws.role}`) {
    const issued = new Date(now());
    return text(
      200,
      JSON.stringify(
        {
          Code: "Success",
          LastUpdated: issued.toISOString().replace(/\.\d+Z$/, "Z"),
          Type: "AWS-HMAC",
          AccessKeyId: aws.roleKey.accessKeyId,
          SecretAccessKey: aws.roleKey.secretAccessKey,
          Token: aws.roleKey.sessionToken,
          Expiration: new Date(now() + CREDENTIALS_LIFETIME_MS).toISOString().replace(
            /\.\d+Z$/,
            "Z",
          ),
        },
        null,
        2,
      ),
    );
  }
  return notFound();
}
