// Google's Security Token Service token exchange for workload and workforce identity federation:
// verifies the subject token (signature, issuer, lifetime, allowed audiences), applies the
// provider's CEL attribute mapping and condition, and issues a federated access token for the pool
// principal. The exchange may authenticate an OAuth client (gcloud does); `options` may be JSON or
// JSON percent-encoded once more (Python google-auth sends that); an access token as the subject
// is downscoping (sts_downscope.ts).
import { decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from "jose";
import { CelEvaluationError, type CelValue } from "../_cel/cel.ts";
import type { Provider } from "../_core/provider_rules.ts";
import { authenticatedClient, type Client } from "../_core/oauth_clients.ts";
import type { State } from "../_core/state.ts";
import { AWS_SUBJECT_TYPE, verifyAwsSubject } from "./aws_subject.ts";
import { MTLS_SUBJECT_TYPE, verifyX509Subject } from "./x509_subject.ts";
import { downscope } from "./sts_downscope.ts";
import { type ExchangeOptions, exchangeOptions } from "./sts_options.ts";
import {
  type Incoming,
  jsonResponse,
  oauthError,
  parseForm,
  parseProtoJson,
  requestReason,
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

/** The fields of an exchange, and the form fields (a client may authenticate with them). */
type Exchange =
  & Record<
    | "grantType"
    | "audience"
    | "scope"
    | "requestedTokenType"
    | "subjectToken"
    | "subjectTokenType"
    | "options",
    string
  >
  & { form: Record<string, string> };

function exchangeFields(request: Incoming): Exchange | Response {
  const json = (request.headers.get("content-type") ?? "").toLowerCase().startsWith(
    "application/json",
  );
  const parsed = json
    ? parseProtoJson(request, {
      grantType: "string",
      audience: "string",
      scope: "string",
      requestedTokenType: "string",
      subjectToken: "string",
      subjectTokenType: "string",
      options: "string",
    })
    : parseForm(request);
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
    options: pick("options", "options"),
    form: json ? {} : parsed as Record<string, string>,
  };
}

function invalid(description: string): Response {
  return oauthError(400, "invalid_request", description);
}

async function verifySubject(
  token: string,
  provider: Provider,
  state: State,
): Promise<JWTPayload | Response> {
  const { now } = state.config;
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
      return oauthError(400, "invalid_grant", "The subject token has expired.");
    }
    if (error instanceof errors.JWTClaimValidationFailed) {
      return oauthError(
        400,
        "invalid_grant",
        `The subject token's "${error.claim}" claim is not valid yet.`,
      );
    }
    return oauthError(
      400,
      "invalid_grant",
      "Invalid subject token: the signature or format is not valid.",
    );
  }
  if (claims.iss !== provider.issuer) {
    return oauthError(
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
    return oauthError(
      400,
      "invalid_grant",
      `The audience in ID Token [${audiences.join(", ")}] does not match the expected audience.`,
    );
  }
  return claims;
}

interface Mapped {
  subject: string;
  attributes: Record<string, string>;
}

function mapClaims(
  claims: JWTPayload,
  provider: Pick<Provider, "mapping" | "condition">,
): Mapped | Response {
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
        return invalid(
          `The mapped attribute google.subject could not be computed: ${error.message}`,
        );
      }
      continue;
    }
    if (typeof value !== "string") {
      return invalid(`The mapped attribute ${target} must be a string.`);
    }
    if (target === "google.subject") subject = value;
    else attributes[target.slice("attribute.".length)] = value;
  }
  if (subject === "" || new TextEncoder().encode(subject).length > 127) {
    return invalid("The mapped attribute google.subject must be 1 to 127 bytes.");
  }
  if (provider.condition !== undefined) {
    let allowed: CelValue = false;
    try {
      allowed = provider.condition({ assertion, attribute: attributes, google: { subject } });
    } catch (error) {
      if (!(error instanceof CelEvaluationError)) throw error;
    }
    if (allowed !== true) {
      return oauthError(
        400,
        "unauthorized_client",
        "The given credential is rejected by the attribute condition.",
      );
    }
  }
  return { subject, attributes };
}

/** The provider an STS audience names (`//iam.<universe>/<provider name>`), if any. */
function providerOf(audience: string, state: State): Provider | undefined {
  const { universe, provider, workforceProvider } = state.config;
  return [provider, workforceProvider].find(({ name }) => audience === `//iam.${universe}/${name}`);
}

/**
 * The project a workforce token bills: the authenticated client's, else `options.userProject`,
 * which must be one the pool's users may bill; Google's 400 otherwise.
 */
function userProjectOf(
  client: Client | undefined,
  options: ExchangeOptions,
  state: State,
): { userProject?: string } | Response {
  if (client !== undefined) return { userProject: client.project };
  const project = options.userProject;
  if (project === undefined || project === "") return {};
  if (!state.config.workforceProvider.userProjects.includes(project)) {
    return invalid(
      `The workforce pool user project "${project}" is not valid: the caller needs serviceusage.services.use on it.`,
    );
  }
  return { userProject: project };
}

/** Answers a token exchange. */
export async function stsToken(request: Incoming, state: State): Promise<Response> {
  const { config } = state;
  if (request.method !== "POST") return invalid("The token endpoint accepts POST only.");
  const fields = exchangeFields(request);
  if (fields instanceof Response) return fields;
  if (fields.grantType !== TOKEN_EXCHANGE) {
    return oauthError(
      400,
      "unsupported_grant_type",
      `Invalid value for "grant_type": ${fields.grantType}`,
    );
  }
  if (fields.requestedTokenType !== ACCESS_TOKEN) {
    return invalid(`Invalid value for "requested_token_type": ${fields.requestedTokenType}`);
  }
  const client = authenticatedClient(fields.form, request, state);
  if (client instanceof Response) return client;
  const options = exchangeOptions(fields.options);
  if (options instanceof Response) return options;
  if (fields.subjectTokenType === ACCESS_TOKEN) {
    return downscope(fields.subjectToken, options, request, state);
  }
  // The pool's AWS provider takes signed AWS requests; its X.509 provider, certificate chains
  // over mutual TLS; its OIDC and workforce providers, JWTs.
  const awsProvider = config.aws.provider;
  const aws = fields.audience === `//iam.${config.universe}/${awsProvider.name}`;
  const x509 = fields.audience === `//iam.${config.universe}/${config.x509.name}`;
  const types = aws ? [AWS_SUBJECT_TYPE] : x509 ? [MTLS_SUBJECT_TYPE] : SUBJECT_TYPES;
  if (!types.includes(fields.subjectTokenType)) {
    return invalid(`Invalid value for "subject_token_type": ${fields.subjectTokenType}`);
  }
  const provider = aws || x509 ? undefined : providerOf(fields.audience, state);
  if (!aws && !x509 && provider === undefined) {
    return oauthError(
      400,
      "invalid_target",
      'The target service indicated by the "audience" parameters is invalid. This might either be because the pool or provider is disabled or deleted or because it doesn\'t exist.',
    );
  }
  const scopes = fields.scope.split(" ").filter((scope) => scope !== "");
  if (scopes.length === 0) return oauthError(400, "invalid_scope", "Scope(s) must be provided.");
  // A file source's token comes with its trailing newline (google-auth-library and Python google-auth
  // send it as read), which Google takes.
  const subjectToken = fields.subjectToken.trim();
  if (subjectToken === "") return invalid('Missing required parameter "subject_token".');
  const claims = x509
    ? await verifyX509Subject(subjectToken, request.clientCertificate, state)
    : provider === undefined
    ? verifyAwsSubject(subjectToken, fields.audience, state)
    : await verifySubject(subjectToken, provider, state);
  if (claims instanceof Response) return claims;
  const mapped = mapClaims(
    claims as JWTPayload,
    x509 ? config.x509 : provider ?? awsProvider,
  );
  if (mapped instanceof Response) return mapped;
  const billing = provider === config.workforceProvider
    ? userProjectOf(client, options, state)
    : {};
  if (billing instanceof Response) return billing;
  const access = state.issueToken({
    kind: "federated",
    // The AWS and X.509 providers are in the OIDC provider's pool.
    principal: `principal://iam.${config.universe}/${
      (provider ?? config.provider).pool
    }/subject/${mapped.subject}`,
    attributes: mapped.attributes,
    scopes,
    ...(client === undefined ? {} : { clientId: client.id }),
    ...billing,
    ...requestReason(request),
  }, FEDERATED_LIFETIME_SECONDS);
  return jsonResponse({
    access_token: access,
    issued_token_type: ACCESS_TOKEN,
    token_type: "Bearer",
    expires_in: FEDERATED_LIFETIME_SECONDS - 1,
  });
}
