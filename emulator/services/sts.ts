// Google's Security Token Service token exchange for workload identity federation: verifies the
// GitHub token (signature, issuer, lifetime, allowed audiences), applies the provider's CEL
// attribute mapping and condition, and issues a federated access token for the pool principal.
import { decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from "jose";
import { CelEvaluationError, type CelValue } from "../cel/cel.ts";
import type { _State } from "../_core/state.ts";
import {
  type _Incoming,
  _json,
  _oauthError,
  _parseForm,
  _parseProtoJson,
  _requestReason,
} from "../_core/wire.ts";

/** Path of the token exchange under the emulator's STS base. */
export const STS_PATH = "/sts/v1/token";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";
const SUBJECT_TYPES = [
  "urn:ietf:params:oauth:token-type:jwt",
  "urn:ietf:params:oauth:token-type:id_token",
];
const FEDERATED_LIFETIME_SECONDS = 3600;

type _Exchange = Record<
  "grantType" | "audience" | "scope" | "requestedTokenType" | "subjectToken" | "subjectTokenType",
  string
>;

function _fields(request: _Incoming): _Exchange | Response {
  const json = (request.headers.get("content-type") ?? "").toLowerCase().startsWith(
    "application/json",
  );
  const parsed = json
    ? _parseProtoJson(request, {
      grantType: "string",
      audience: "string",
      scope: "string",
      requestedTokenType: "string",
      subjectToken: "string",
      subjectTokenType: "string",
      options: "string",
    })
    : _parseForm(request);
  if (parsed instanceof Response) return parsed;
  const pick = (camel: string, snake: string): string =>
    String(parsed[camel] ?? parsed[snake] ?? "");
  return {
    grantType: pick("grantType", "grant_type"),
    audience: pick("audience", "audience"),
    scope: pick("scope", "scope"),
    requestedTokenType: pick("requestedTokenType", "requested_token_type"),
    subjectToken: pick("subjectToken", "subject_token"),
    subjectTokenType: pick("subjectTokenType", "subject_token_type"),
  };
}

function _invalid(description: string): Response {
  return _oauthError(400, "invalid_request", description);
}

async function _verifySubject(token: string, state: _State): Promise<JWTPayload | Response> {
  const { provider, now } = state.config;
  const key = await state.githubKey();
  let claims: JWTPayload;
  try {
    // The issuer's JWKS has one key: a token under any other key id is not the issuer's.
    if (decodeProtectedHeader(token).kid !== key.kid) throw new errors.JWKSNoMatchingKey();
    ({ payload: claims } = await jwtVerify(token, key.publicKey, {
      algorithms: ["RS256"],
      currentDate: new Date(now()),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return _oauthError(400, "invalid_grant", "The subject token has expired.");
    }
    if (error instanceof errors.JWTClaimValidationFailed) {
      return _oauthError(
        400,
        "invalid_grant",
        `The subject token's "${error.claim}" claim is not valid yet.`,
      );
    }
    return _oauthError(
      400,
      "invalid_grant",
      "Invalid subject token: the signature or format is not valid.",
    );
  }
  if (claims.iss !== provider.issuer) {
    return _oauthError(
      400,
      "invalid_grant",
      `The issuer in ID Token ${
        String(claims.iss)
      } does not match the expected ISSUER ${provider.issuer}.`,
    );
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (
    !audiences.some((aud) => typeof aud === "string" && provider.allowedAudiences.includes(aud))
  ) {
    return _oauthError(
      400,
      "invalid_grant",
      `The audience in ID Token [${audiences.join(", ")}] does not match the expected audience.`,
    );
  }
  return claims;
}

interface _Mapped {
  subject: string;
  attributes: Record<string, string>;
}

function _map(claims: JWTPayload, state: _State): _Mapped | Response {
  const { provider } = state.config;
  const assertion = claims as Record<string, CelValue>;
  const attributes: Record<string, string> = {};
  let subject = "";
  for (const [target, program] of provider.mapping) {
    let value: CelValue;
    try {
      value = program({ assertion });
    } catch (error) {
      if (!(error instanceof CelEvaluationError)) throw error;
      if (target === "google.subject") {
        return _invalid(
          `The mapped attribute google.subject could not be computed: ${error.message}`,
        );
      }
      continue;
    }
    if (typeof value !== "string") {
      return _invalid(`The mapped attribute ${target} must be a string.`);
    }
    if (target === "google.subject") subject = value;
    else attributes[target.slice("attribute.".length)] = value;
  }
  if (subject === "" || new TextEncoder().encode(subject).length > 127) {
    return _invalid("The mapped attribute google.subject must be 1 to 127 bytes.");
  }
  if (provider.condition !== undefined) {
    let allowed: CelValue = false;
    try {
      allowed = provider.condition({ assertion, attribute: attributes, google: { subject } });
    } catch (error) {
      if (!(error instanceof CelEvaluationError)) throw error;
    }
    if (allowed !== true) {
      return _oauthError(
        400,
        "unauthorized_client",
        "The given credential is rejected by the attribute condition.",
      );
    }
  }
  return { subject, attributes };
}

/** Answers a token exchange. */
export async function _stsToken(request: _Incoming, state: _State): Promise<Response> {
  const { config } = state;
  if (request.method !== "POST") return _invalid("The token endpoint accepts POST only.");
  const fields = _fields(request);
  if (fields instanceof Response) return fields;
  if (fields.grantType !== TOKEN_EXCHANGE) {
    return _oauthError(
      400,
      "unsupported_grant_type",
      `Invalid value for "grant_type": ${fields.grantType}`,
    );
  }
  if (fields.requestedTokenType !== ACCESS_TOKEN) {
    return _invalid(`Invalid value for "requested_token_type": ${fields.requestedTokenType}`);
  }
  if (!SUBJECT_TYPES.includes(fields.subjectTokenType)) {
    return _invalid(`Invalid value for "subject_token_type": ${fields.subjectTokenType}`);
  }
  if (fields.audience !== `//iam.${config.universe}/${config.provider.name}`) {
    return _oauthError(
      400,
      "invalid_target",
      'The target service indicated by the "audience" parameters is invalid. This might either be because the pool or provider is disabled or deleted or because it doesn\'t exist.',
    );
  }
  const scopes = fields.scope.split(" ").filter((scope) => scope !== "");
  if (scopes.length === 0) return _oauthError(400, "invalid_scope", "Scope(s) must be provided.");
  if (fields.subjectToken === "") return _invalid('Missing required parameter "subject_token".');
  const claims = await _verifySubject(fields.subjectToken, state);
  if (claims instanceof Response) return claims;
  const mapped = _map(claims, state);
  if (mapped instanceof Response) return mapped;
  const access = state.issueToken({
    kind: "federated",
    principal:
      `principal://iam.${config.universe}/${config.provider.pool}/subject/${mapped.subject}`,
    attributes: mapped.attributes,
    scopes,
    ..._requestReason(request),
  }, FEDERATED_LIFETIME_SECONDS);
  return _json({
    access_token: access,
    issued_token_type: ACCESS_TOKEN,
    token_type: "Bearer",
    expires_in: FEDERATED_LIFETIME_SECONDS - 1,
  });
}
