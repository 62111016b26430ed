// The metadata server of Compute Engine, Cloud Run and GKE under /computeMetadata/v1: every request
// needs `Metadata-Flavor: Google` and must not carry `X-Forwarded-For` (both 403, as Google's);
// every answer carries `Metadata-Flavor: Google`. Values are text, directories list their entries
// (a directory asked for without its trailing slash is redirected there), the default service
// account hands out access tokens (`scopes`) and ID tokens (`audience`, `format=full`).
import type { _State } from "./_state.ts";
import type { _Incoming } from "./_wire.ts";
import type { EmulatorRoute } from "./types.ts";

/** The metadata server's path prefix. */
const PREFIX = "/computeMetadata/v1/";
const ACCOUNTS = `${PREFIX}instance/service-accounts/`;
const TOKEN_LIFETIME_SECONDS = 3600;
const ZONE = "us-central1-a";
const INSTANCE_NAME = "emulated-instance";
const INSTANCE_ID = "4000000000000000004";
const INSTANCE_CREATED = 1767225600;

/** The route of a metadata server path, or `undefined` when the path is not the server's. */
export function _metadataRoute(path: string): EmulatorRoute | undefined {
  if (path !== "/" && `${path}/` !== PREFIX && !path.startsWith(PREFIX)) return undefined;
  if (path.startsWith(ACCOUNTS) && path.endsWith("/token")) return "metadataToken";
  if (path.startsWith(ACCOUNTS) && path.endsWith("/identity")) return "metadataIdentity";
  return "metadata";
}

function _answer(status: number, body: string, type = "application/text"): Response {
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

function _refused(path: string, reason: string): Response {
  return _answer(
    403,
    `Your client does not have permission to get URL <code>${path}</code> from this server. ${reason}`,
    "text/html; charset=UTF-8",
  );
}

function _notFound(path: string): Response {
  return _answer(
    404,
    `The requested URL <code>${path}</code> was not found on this server.`,
    "text/html; charset=UTF-8",
  );
}

/** A directory asked for without its trailing slash: Google's 301 to the directory. */
function _redirect(request: _Incoming): Response {
  return new Response(null, {
    status: 301,
    headers: {
      "metadata-flavor": "Google",
      location: `${request.url.pathname}/${request.url.search}`,
    },
  });
}

function _listing(entries: readonly string[]): string {
  return entries.map((entry) => `${entry}\n`).join("");
}

/** Every value and directory listing, by key (the path after the prefix). */
function _tree(state: _State): Map<string, string> {
  const { config } = state;
  const email = config.metadata.serviceAccount;
  const account = {
    aliases: "default\n",
    email,
    scopes: _listing(config.metadata.scopes),
  };
  const tree = new Map<string, string>([
    ["", _listing(["instance/", "project/", "universe/"])],
    ["instance/", _listing(["hostname", "id", "name", "service-accounts/", "zone"])],
    ["instance/hostname", `${INSTANCE_NAME}.${ZONE}.c.${config.projectId}.internal`],
    ["instance/id", INSTANCE_ID],
    ["instance/name", INSTANCE_NAME],
    ["instance/zone", `projects/${config.projectNumber}/zones/${ZONE}`],
    ["instance/service-accounts/", _listing(["default/", `${email}/`])],
    ["project/", _listing(["numeric-project-id", "project-id"])],
    ["project/project-id", config.projectId],
    ["project/numeric-project-id", config.projectNumber],
    ["universe/", _listing(["universe-domain"])],
    ["universe/universe-domain", config.universe],
  ]);
  for (const name of ["default", email]) {
    tree.set(
      `instance/service-accounts/${name}/`,
      _listing(["aliases", "email", "identity", "scopes", "token"]),
    );
    for (const [key, value] of Object.entries(account)) {
      tree.set(`instance/service-accounts/${name}/${key}`, value);
    }
  }
  return tree;
}

function _accessToken(request: _Incoming, state: _State): Response {
  const requested = request.url.searchParams.get("scopes");
  const scopes = requested === null || requested.trim() === ""
    ? state.config.metadata.scopes
    : requested.split(",").map((scope) => scope.trim()).filter((scope) => scope !== "");
  const token = state.issueToken({
    kind: "service_account",
    principal: state.config.metadata.serviceAccount,
    attributes: {},
    scopes,
  }, TOKEN_LIFETIME_SECONDS);
  return _answer(
    200,
    JSON.stringify({
      access_token: token,
      expires_in: TOKEN_LIFETIME_SECONDS - 1,
      token_type: "Bearer",
    }),
    "application/json",
  );
}

async function _identityToken(request: _Incoming, state: _State): Promise<Response> {
  const query = request.url.searchParams;
  const audience = query.get("audience") ?? "";
  if (audience === "") return _answer(400, "non-empty audience parameter required\n");
  const format = query.get("format") ?? "standard";
  if (format !== "standard" && format !== "full") {
    return _answer(400, `invalid format "${format}": use standard or full\n`);
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
  return _answer(200, token);
}

/** Answers a request of the metadata server. */
export async function _metadataAnswer(request: _Incoming, state: _State): Promise<Response> {
  const path = request.url.pathname;
  if (request.headers.has("x-forwarded-for")) {
    return _refused(path, "Request had an X-Forwarded-For header, so it was not from the VM.");
  }
  // The root answers without the header, so a client can tell it is on Google Cloud.
  if (path === "/") return _answer(200, "computeMetadata/\n");
  if (request.headers.get("metadata-flavor") !== "Google") {
    return _refused(path, "Missing Metadata-Flavor:Google header.");
  }
  if (request.method !== "GET") return _answer(405, "Method not allowed: use GET.\n");
  if (`${path}/` === PREFIX) return _redirect(request);
  const key = path.slice(PREFIX.length);
  const name = /^instance\/service-accounts\/([^/]+)\/(token|identity)$/.exec(key);
  if (name !== null && ["default", state.config.metadata.serviceAccount].includes(name[1]!)) {
    return name[2] === "token"
      ? _accessToken(request, state)
      : await _identityToken(request, state);
  }
  const tree = _tree(state);
  if (!key.endsWith("/") && tree.has(`${key}/`)) return _redirect(request);
  const value = tree.get(key);
  if (value === undefined) return _notFound(path);
  const account = /^instance\/service-accounts\/[^/]+\/$/.test(key);
  if (account && request.url.searchParams.get("recursive") === "true") {
    const { serviceAccount, scopes } = state.config.metadata;
    return _answer(
      200,
      JSON.stringify({ aliases: ["default"], email: serviceAccount, scopes }),
      "application/json",
    );
  }
  return _answer(200, value);
}
