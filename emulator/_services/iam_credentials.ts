// IAM Service Account Credentials: generateAccessToken, generateIdToken, signJwt and signBlob on
// `projects/-/serviceAccounts/<email or unique id>`, with the caller authenticated by a token the
// emulator issued or a self-signed JWT of a user-managed key, IAM checked along the delegation
// chain, and Google's limits on lifetimes, scopes and JWT expiry.
import { SignJWT } from "jose";
import { bearerOf, missingCredential, UNAUTHENTICATED } from "../_core/access.ts";
import { authorize, type Caller } from "../_core/iam_policy.ts";
import type { Permission } from "../_core/roles.ts";
import type { State } from "../_core/state.ts";
import {
  type FieldType,
  type Incoming,
  jsonResponse,
  parseProtoJson,
  requestReason,
  rfc3339,
  rpcError,
} from "../_core/wire.ts";

/** The path prefix of service account resources under the emulator's IAM Credentials base. */
const IAM_CREDENTIALS_PREFIX = "/iamcredentials/v1/projects/-/serviceAccounts/";

/** The methods IAM Credentials offers. */
export type IamMethod = "generateAccessToken" | "generateIdToken" | "signJwt" | "signBlob";

const PERMISSIONS: Readonly<Record<IamMethod, Permission>> = {
  generateAccessToken: "iam.serviceAccounts.getAccessToken",
  generateIdToken: "iam.serviceAccounts.getOpenIdToken",
  signJwt: "iam.serviceAccounts.signJwt",
  signBlob: "iam.serviceAccounts.signBlob",
};

const FIELDS: Readonly<Record<IamMethod, Readonly<Record<string, FieldType>>>> = {
  generateAccessToken: { delegates: "strings", scope: "strings", lifetime: "string" },
  generateIdToken: {
    delegates: "strings",
    audience: "string",
    includeEmail: "bool",
    organizationNumberIncluded: "bool",
    // Not in the published API, but accepted by Google and sent by google-auth-library's
    // Impersonated.fetchIdToken() and Python google-auth (google-auth-library-python#1270).
    useEmailAzp: "bool",
  },
  signJwt: { delegates: "strings", payload: "string" },
  signBlob: { delegates: "strings", payload: "string" },
};

/** The largest blob signBlob signs (its payload is base64 of the bytes). */
const MAX_BLOB_BYTES = 64 * 1024;

const MAX_SIGNED_JWT_SECONDS = 12 * 3600;
/** Which method and account a path names, or `undefined`. */
export function iamTarget(path: string): { name: string; method: IamMethod } | undefined {
  if (!path.startsWith(IAM_CREDENTIALS_PREFIX)) return undefined;
  const match = /^([^/:]+):(generateAccessToken|generateIdToken|signJwt|signBlob)$/.exec(
    path.slice(IAM_CREDENTIALS_PREFIX.length),
  );
  if (match === null) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return { name, method: match[2] as IamMethod };
}

async function selfSignedCaller(
  token: string,
  request: Incoming,
  state: State,
): Promise<Caller | undefined> {
  const payload = await state.verifyServiceAccountJwt(token, {
    audience: [`https://iamcredentials.${state.config.universe}/`, `${request.url.origin}/`],
  });
  if (
    payload === undefined || payload.sub !== payload.iss ||
    (payload.exp ?? Infinity) - (payload.iat ?? 0) > 3600
  ) {
    return undefined;
  }
  return { kind: "serviceAccount", email: payload.iss! };
}

async function callerOf(request: Incoming, state: State): Promise<Caller | Response> {
  const bearer = bearerOf(request, state, "iamcredentials", ["cloud-platform", "iam"]);
  if (bearer instanceof Response) return bearer;
  if (bearer.kind === "missing") return missingCredential();
  if (bearer.kind === "other") {
    return await selfSignedCaller(bearer.token, request, state) ??
      rpcError(401, UNAUTHENTICATED);
  }
  const { info } = bearer;
  if (info.kind === "federated") return { kind: "federated", info };
  if (info.kind === "delegated") return { kind: "user", email: info.subject ?? "" };
  if (info.kind === "user") return { kind: "user", email: info.principal };
  return { kind: "serviceAccount", email: info.principal };
}

/**
 * The delegation chain as service account emails. Google documents
 * `projects/-/serviceAccounts/<email or unique id>` and refuses another project than `-`; its own
 * clients (gcloud's `--impersonate-service-account` chains, the files gcloud writes, Python and Go
 * ADC) send bare emails, which it takes too.
 */
function delegatesOf(values: unknown, state: State): string[] | Response {
  const result: string[] = [];
  for (const value of (values ?? []) as string[]) {
    const match = /^(?:projects\/-\/serviceAccounts\/)?([^/]+)$/.exec(value);
    if (match === null || match[1] === "") {
      return rpcError(
        400,
        `Invalid form of delegates: ${value}. The delegate must be of form projects/-/serviceAccounts/{ACCOUNT_EMAIL_OR_UNIQUEID}`,
      );
    }
    result.push(state.resolveServiceAccount(match[1]!) ?? match[1]!);
  }
  return result;
}

function generateAccessToken(
  body: Record<string, unknown>,
  target: string,
  request: Incoming,
  state: State,
): Response {
  const scopes = (body.scope ?? []) as string[];
  if (scopes.length === 0) return rpcError(400, "Scope required.");
  const lifetime = String(body.lifetime ?? "3600s");
  const match = /^(\d{1,9})(?:\.\d{1,9})?s$/.exec(lifetime);
  if (match === null) {
    return rpcError(
      400,
      `Invalid value at 'lifetime' (type.googleapis.com/google.protobuf.Duration), "${lifetime}"`,
    );
  }
  const seconds = Number(match[1]);
  if (seconds < 1) return rpcError(400, "The lifetime must be positive.");
  if (seconds > state.config.maxLifetimeSeconds) {
    return rpcError(
      400,
      state.config.maxLifetimeSeconds === 3600
        ? `Access tokens for service account ${target} can not have lifetimes of more than 1 hour. Use the Org Policy Constraint constraints/iam.allowServiceAccountCredentialLifetimeExtension to allow up to 12 hours.`
        : `Access tokens for service account ${target} can not have lifetimes of more than 12 hours.`,
    );
  }
  const accessToken = state.issueToken({
    kind: "service_account",
    principal: target,
    attributes: {},
    scopes,
    ...requestReason(request),
  }, seconds);
  const expiresAt = state.tokenInfo(accessToken)!.expiresAt.getTime();
  return jsonResponse({ accessToken, expireTime: rfc3339(expiresAt) });
}

async function generateIdToken(body: Record<string, unknown>, target: string, state: State) {
  const audience = String(body.audience ?? "");
  if (audience === "") return rpcError(400, "Audience must be provided.");
  const id = state.uniqueId(target);
  const email = body.includeEmail === true ? { email: target, email_verified: true } : {};
  // `useEmailAzp` makes `azp` the email instead of the unique id, as with a key's ID tokens.
  const azp = body.useEmailAzp === true ? target : id;
  return jsonResponse({ token: await state.googleIdToken(audience, id, { azp, ...email }) });
}

async function signJwt(body: Record<string, unknown>, target: string, state: State) {
  let claims: unknown;
  try {
    claims = JSON.parse(String(body.payload ?? ""));
  } catch {
    return rpcError(400, "Invalid JWT payload: it is not JSON.");
  }
  if (claims === null || typeof claims !== "object" || Array.isArray(claims)) {
    return rpcError(400, "Invalid JWT payload: it must be a JSON object (a JWT Claims Set).");
  }
  const now = Math.floor(state.config.now() / 1000);
  const payload = { ...(claims as Record<string, unknown>) };
  payload.exp ??= now + 3600;
  if (
    typeof payload.exp !== "number" || !Number.isInteger(payload.exp) || payload.exp < now ||
    payload.exp > now + MAX_SIGNED_JWT_SECONDS
  ) {
    return rpcError(
      400,
      'Invalid JWT payload: "exp" must be an integer timestamp, not in the past and at most 12 hours ahead.',
    );
  }
  const key = await state.managedKey(target);
  const signedJwt = await new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .sign(key.privateKey);
  return jsonResponse({ keyId: key.kid, signedJwt });
}

async function signBlob(body: Record<string, unknown>, target: string, state: State) {
  const payload = String(body.payload ?? "");
  if (payload === "") return rpcError(400, "Payload must be provided.");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw new Error("not base64");
    bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));
  } catch {
    return rpcError(
      400,
      `Invalid value at 'payload' (TYPE_BYTES), Base64 decoding failed for "${
        payload.slice(0, 40)
      }"`,
    );
  }
  if (bytes.length > MAX_BLOB_BYTES) {
    return rpcError(400, `The payload is larger than ${MAX_BLOB_BYTES} bytes.`);
  }
  const key = await state.managedKey(target);
  const signature = new Uint8Array(
    await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key.privateKey, bytes),
  );
  return jsonResponse({ keyId: key.kid, signedBlob: btoa(String.fromCharCode(...signature)) });
}

/** Answers an IAM Credentials call. */
export async function iamCredentials(
  request: Incoming,
  state: State,
  target: { name: string; method: IamMethod },
): Promise<Response> {
  if (request.method !== "POST") return rpcError(405, "Method not allowed: use POST.");
  const body = parseProtoJson(request, FIELDS[target.method]);
  if (body instanceof Response) return body;
  const caller = await callerOf(request, state);
  if (caller instanceof Response) return caller;
  const delegates = delegatesOf(body.delegates, state);
  if (delegates instanceof Response) return delegates;
  const email = state.resolveServiceAccount(target.name) ?? target.name;
  const denied = authorize(state, caller, email, delegates, PERMISSIONS[target.method]);
  if (denied !== undefined) return denied;
  switch (target.method) {
    case "generateAccessToken":
      return generateAccessToken(body, email, request, state);
    case "generateIdToken":
      return await generateIdToken(body, email, state);
    case "signJwt":
      return await signJwt(body, email, state);
    case "signBlob":
      return await signBlob(body, email, state);
  }
}
