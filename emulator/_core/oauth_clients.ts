// OAuth clients the emulated STS and token endpoint know, and how a request authenticates one:
// HTTP Basic (RFC 6749 section 2.3.1, what google-auth-library and gcloud send) or the
// `client_id` and `client_secret` form fields. The emulator's own client is the one its
// `authorized_user` files name; gcloud's public client is known too, because gcloud adds it to
// every STS call of an `external_account` file without impersonation and writes it into the
// `external_account_authorized_user` files of `gcloud auth login --login-config`.
import type { State } from "./state.ts";
import { type Incoming, oauthError, parseForm } from "./wire.ts";

/** gcloud's OAuth client (public: gcloud's source names it, `googlecloudsdk/core/config.py`). */
export const GCLOUD_CLIENT: Readonly<{ id: string; secret: string }> = {
  id: "32555940559.apps.googleusercontent.com",
  secret: "ZmssLNjJy2998hD4CTg2ejr2",
};

/** The client id and secret from an HTTP Basic header, else from the form; empty when absent. */
export function clientCredentials(
  form: Record<string, string>,
  request: Incoming,
): [id: string, secret: string] {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(request.headers.get("authorization") ?? "");
  if (basic !== null) {
    try {
      const [id = "", ...secret] = atob(basic[1]!).split(":");
      return [decodeURIComponent(id), decodeURIComponent(secret.join(":"))];
    } catch {
      return ["", ""];
    }
  }
  return [form.client_id ?? "", form.client_secret ?? ""];
}

/** An authenticated client: its id and the project it belongs to (the number its id starts with). */
export interface Client {
  id: string;
  project: string;
}

/**
 * The client a request authenticates, `undefined` when it names none, or Google's 401 for an
 * unknown client or a wrong secret.
 */
export function authenticatedClient(
  form: Record<string, string>,
  request: Incoming,
  state: State,
): Client | undefined | Response {
  const [id, secret] = clientCredentials(form, request);
  if (id === "" && secret === "") return undefined;
  const known = [state.oauthClient, GCLOUD_CLIENT].find((client) => client.id === id);
  if (known === undefined) {
    return oauthError(401, "invalid_client", "The OAuth client was not found.");
  }
  if (secret !== known.secret) return oauthError(401, "invalid_client", "Unauthorized");
  return { id, project: /^(\d+)/.exec(id)?.[1] ?? id };
}

/**
 * The form of a `POST` that must authenticate an OAuth client (STS's introspection and user
 * token endpoints), and that client; else the error Google answers with.
 */
export function clientPost(
  request: Incoming,
  state: State,
  endpoint: string,
): { form: Record<string, string>; client: Client } | Response {
  if (request.method !== "POST") {
    return oauthError(405, "invalid_request", `The ${endpoint} endpoint accepts POST only.`);
  }
  const form = parseForm(request);
  if (form instanceof Response) return form;
  const client = authenticatedClient(form, request, state);
  if (client instanceof Response) return client;
  if (client === undefined) {
    return oauthError(401, "invalid_client", "The request must authenticate an OAuth client.");
  }
  return { form, client };
}
