// The metadata server of Compute Engine, Cloud Run and GKE under /computeMetadata/v1: every request
// needs `Metadata-Flavor: Google` and must not carry `X-Forwarded-For` (both 403, as Google's);
// every answer carries `Metadata-Flavor: Google`. Values are text, directories list their entries
// (a directory asked for without its trailing slash is redirected there), the default service
// account hands out access tokens (`scopes`), cached as Google's are, and ID tokens (`audience`,
// `format=full`).
import type { State } from "../_core/state.ts";
import type { Incoming } from "../_core/wire.ts";
import type { EmulatorRoute } from "../types.ts";

/** The metadata server's path prefix. */
const PREFIX = "/computeMetadata/v1/";
const ACCOUNTS = `${PREFIX}instance/service-accounts/`;
const TOKEN_LIFETIME_SECONDS = 3600;
/** A cached access token is handed out until this much of its life is left (see below). */
const REMINT_WITHIN_MS = 240_000;
const ZONE = "us-central1-a";
const INSTANCE_NAME = "emulated-instance";
const INSTANCE_ID = "4000000000000000004";
const INSTANCE_CREATED = 1767225600;

/** The route of a metadata server path, or `undefined` when the path is not the server's. */
export function metadataRoute(path: string): EmulatorRoute | undefined {
  if (path !== "/" && `${path}/` !== PREFIX && !path.startsWith(PREFIX)) return undefined;
  if (path.startsWith(ACCOUNTS) && path.endsWith("/token")) return "metadataToken";
  if (path.startsWith(ACCOUNTS) && path.endsWith("/identity")) return "metadataIdentity";
  return "metadata";
}

function answer(status: number, body: string, type = "application/text"): Response {
  return new Response(body, {
    status,
    headers: {
      "metadata-flavor": "Google",
      server: "Metadata Server for VM",
      "content-type": type,
      "x-frame-options": "SAMEORIGIN",
    },
  });
}

function refused(path: string, reason: string): Response {
  return answer(
    403,
    `Your client does not have permission to get URL <code>${path}</code> from this server. ${reason}`,
    "text/html; charset=UTF-8",
  );
}

function notFound(path: string): Response {
  return answer(
    404,
    `The requested URL <code>${path}</code> was not found on this server.`,
    "text/html; charset=UTF-8",
  );
}

/** A directory asked for without its trailing slash: Google's 301 to the directory. */
function redirect(request: Incoming): Response {
  return new Response(null, {
    status: 301,
    headers: {
      "metadata-flavor": "Google",
      location: `${request.url.pathname}/${request.url.search}`,
    },
  });
}

function listing(entries: readonly string[]): string {
  return entries.map((entry) => `${entry}\n`).join("");
}

/** Every value and directory listing, by key (the path after the prefix). */
function treeOf(state: State): Map<string, string> {
  const { config } = state;
  const email = config.metadata.serviceAccount;
  const account = {
    aliases: "default\n",
    email,
    scopes: listing(config.metadata.scopes),
  };
  const tree = new Map<string, string>([
    ["", listing(["instance/", "project/", "universe/"])],
    ["instance/", listing(["hostname", "id", "name", "service-accounts/", "zone"])],
    ["instance/hostname", `${INSTANCE_NAME}.${ZONE}.c.${config.projectId}.internal`],
    ["instance/id", INSTANCE_ID],
    ["instance/name", INSTANCE_NAME],
    ["instance/zone", `projects/${config.projectNumber}/zones/${ZONE}`],
    ["instance/service-accounts/", listing(["default/", `${email}/`])],
    ["project/", listing(["numeric-project-id", "project-id"])],
    ["project/project-id", config.projectId],
    ["project/numeric-project-id", config.projectNumber],
    ["universe/", listing(["universe-domain"])],
    ["universe/universe-domain", config.universe],
  ]);
  for (const name of ["default", email]) {
    tree.set(
      `instance/service-accounts/${name}/`,
      listing(["aliases", "email", "identity", "scopes", "token"]),
    );
    for (const [key, value] of Object.entries(account)) {
      tree.set(`instance/service-accounts/${name}/${key}`, value);
    }
  }
  return tree;
}

// Google's metadata servers hand out the same access token again and again, with what it has left
// as `expires_in`, and mint a new one only near its expiry: Compute Engine's documentation says
// "until they have 5 minutes of remaining time" (quoted in google-cloud-cpp#8255; so says
// google-auth-library-java#749); Google's auth libraries say the shortest window of today's servers
// is 4 minutes and refresh 3 min 45 s early (google-cloud-go#9139, golang.org/x/oauth2 v0.21.0,
// google-auth-library-python#1419; older servers kept a token until 30 s were left,
// google-auth-library-python#581). The emulator takes 4 minutes, the strictest for a client: one
// that refreshes earlier gets the same token back. Cloud Run, GKE and App Engine mint a token with
// the `scopes` asked (Compute Engine ignores them, google-auth-library-java#458), so each scope set
// has a token of its own; a scope set is a set (RFC 6749 section 3.3), its order and repeats make no
// new token (how Google keys it is not documented).

/**
 * The token of `scopes` and when it expires: the cached one while more than
 * {@linkcode REMINT_WITHIN_MS} of it is left at `now`, else a new one.
 */
function cachedAccessToken(
  state: State,
  scopes: readonly string[],
  now: number,
): { token: string; expiresAt: number } {
  const principal = state.config.metadata.serviceAccount;
  const key = JSON.stringify([principal, [...new Set(scopes)].sort()]);
  const cached = state.metadataTokens.get(key);
  const expiresAt = cached === undefined ? undefined : state.tokenInfo(cached)?.expiresAt.getTime();
  if (cached !== undefined && expiresAt !== undefined && expiresAt - now > REMINT_WITHIN_MS) {
    return { token: cached, expiresAt };
  }
  // Scope sets whose tokens expired are forgotten, so the cache holds live tokens only.
  for (const [other, token] of state.metadataTokens) {
    if (state.tokenInfo(token) === undefined) state.metadataTokens.delete(other);
  }
  const token = state.issueToken(
    { kind: "service_account", principal, attributes: {}, scopes },
    TOKEN_LIFETIME_SECONDS,
  );
  state.metadataTokens.set(key, token);
  return { token, expiresAt: now + TOKEN_LIFETIME_SECONDS * 1000 };
}

function accessToken(request: Incoming, state: State): Response {
  const requested = request.url.searchParams.get("scopes");
  const scopes = requested === null || requested.trim() === ""
    ? state.config.metadata.scopes
    : requested.split(",").map((scope) => scope.trim()).filter((scope) => scope !== "");
  const now = state.config.now();
  const { token, expiresAt } = cachedAccessToken(state, scopes, now);
  return answer(
    200,
    JSON.stringify({
      access_token: token,
      // Whole seconds left, never all of them (a fresh token says 3599), so a client that adds
      // it to its own clock does not outlive the token.
      expires_in: Math.ceil((expiresAt - now) / 1000) - 1,
      token_type: "Bearer",
    }),
    "application/json",
  );
}

async function identityToken(request: Incoming, state: State): Promise<Response> {
  const query = request.url.searchParams;
  const audience = query.get("audience") ?? "";
  if (audience === "") return answer(400, "non-empty audience parameter required\n");
  const format = query.get("format") ?? "standard";
  if (format !== "standard" && format !== "full") {
    return answer(400, `invalid format "${format}": use standard or full\n`);
  }
  const { config } = state;
  const email = config.metadata.serviceAccount;
  const id = state.uniqueId(email);
  const full = format === "full"
    ? {
      google: {
        compute_engine: {
          project_id: config.projectId,
          project_number: Number(config.projectNumber),
          zone: ZONE,
          instance_id: INSTANCE_ID,
          instance_name: INSTANCE_NAME,
          instance_creation_timestamp: INSTANCE_CREATED,
          ...(query.get("licenses") === "TRUE" ? { license_id: [] } : {}),
        },
      },
    }
    : {};
  const token = await state.googleIdToken(audience, id, {
    azp: id,
    email,
    email_verified: true,
    ...full,
  });
  return answer(200, token);
}

/** Answers a request of the metadata server. */
export async function metadataAnswer(request: Incoming, state: State): Promise<Response> {
  const path = request.url.pathname;
  if (request.headers.has("x-forwarded-for")) {
    return refused(path, "Request had an X-Forwarded-For header, so it was not from the VM.");
  }
  // The root answers without the header, so a client can tell it is on Google Cloud.
  if (path === "/") return answer(200, "computeMetadata/\n");
  if (request.headers.get("metadata-flavor") !== "Google") {
    return refused(path, "Missing Metadata-Flavor:Google header.");
  }
  if (request.method !== "GET") return answer(405, "Method not allowed: use GET.\n");
  if (`${path}/` === PREFIX) return redirect(request);
  const key = path.slice(PREFIX.length);
  const name = /^instance\/service-accounts\/([^/]+)\/(token|identity)$/.exec(key);
  if (name !== null && ["default", state.config.metadata.serviceAccount].includes(name[1]!)) {
    return name[2] === "token" ? accessToken(request, state) : await identityToken(request, state);
  }
  const tree = treeOf(state);
  if (!key.endsWith("/") && tree.has(`${key}/`)) return redirect(request);
  const value = tree.get(key);
  if (value === undefined) return notFound(path);
  const account = /^instance\/service-accounts\/[^/]+\/$/.test(key);
  if (account && request.url.searchParams.get("recursive") === "true") {
    const { serviceAccount, scopes } = state.config.metadata;
    return answer(
      200,
      JSON.stringify({ aliases: ["default"], email: serviceAccount, scopes }),
      "application/json",
    );
  }
  return answer(200, value);
}
