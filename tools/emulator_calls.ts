// Raw HTTP calls to the emulator, the way a client would make them, for wire-level tests.
import type { AuthenticateOptions } from "../auth/mod.ts";
import { type Emulator, type EmulatorOptions, startEmulator } from "../emulator/mod.ts";

/** Runs `run` with an emulator started with `options`, and closes it. */
export async function withEmulator(
  options: EmulatorOptions,
  run: (emulator: Emulator) => Promise<void> | void,
): Promise<void> {
  const emulator = await startEmulator(options);
  try {
    await run(emulator);
  } finally {
    await emulator.close();
  }
}

/** authenticate() options of a WIF + service account access token flow against `emulator`. */
export function wifOptions(
  emulator: Emulator,
  extra: Partial<AuthenticateOptions> = {},
): AuthenticateOptions {
  return {
    workloadIdentityProvider: emulator.provider,
    serviceAccount: emulator.serviceAccount,
    oidcRequest: emulator.oidcRequest,
    endpoints: emulator.endpoints,
    tokenFormat: "access_token",
    ...extra,
  };
}

/** Status and parsed JSON body of a call. */
export interface Answer {
  status: number;
  // deno-lint-ignore no-explicit-any
  json: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

/** A GitHub OIDC token for `audience`, fetched as a runner job would. */
export async function githubToken(emulator: Emulator, audience?: string): Promise<string> {
  const url = new URL(emulator.env.ACTIONS_ID_TOKEN_REQUEST_URL!);
  if (audience !== undefined) url.searchParams.set("audience", audience);
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${emulator.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
  });
  if (!response.ok) throw new Error(`OIDC ${response.status}: ${await response.text()}`);
  return (await response.json()).value;
}

/** The audience Google expects at STS for the emulator's provider. */
export function stsAudience(emulator: Emulator, universe = "googleapis.com"): string {
  return `//iam.${universe}/${emulator.provider}`;
}

/** The default GitHub token audience for the emulator's provider. */
export function oidcAudience(emulator: Emulator, universe = "googleapis.com"): string {
  return `https://iam.${universe}/${emulator.provider}`;
}

/** An STS exchange with a JSON body (fields as given). */
export async function stsJson(emulator: Emulator, body: Record<string, unknown>): Promise<Answer> {
  return await answer(
    await fetch(`${emulator.endpoints.sts}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

/** The JSON body of a valid exchange of `subjectToken`, with `overrides`. */
export function exchange(
  emulator: Emulator,
  subjectToken: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    audience: stsAudience(emulator),
    grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
    requestedTokenType: "urn:ietf:params:oauth:token-type:access_token",
    scope: "https://www.googleapis.com/auth/cloud-platform",
    subjectTokenType: "urn:ietf:params:oauth:token-type:jwt",
    subjectToken,
    ...overrides,
  };
}

/** A federated token for the emulator's default GitHub claims. */
export async function federatedToken(emulator: Emulator): Promise<string> {
  const result = await stsJson(
    emulator,
    exchange(emulator, await githubToken(emulator, oidcAudience(emulator))),
  );
  if (result.status !== 200) {
    throw new Error(`STS ${result.status}: ${JSON.stringify(result.json)}`);
  }
  return result.json.access_token;
}

/** An IAM Credentials call on `serviceAccount`. */
export async function iam(
  emulator: Emulator,
  serviceAccount: string,
  method: "generateAccessToken" | "generateIdToken" | "signJwt",
  body: Record<string, unknown>,
  bearer?: string,
): Promise<Answer> {
  return await answer(
    await fetch(
      `${emulator.endpoints.iamcredentials}/projects/-/serviceAccounts/${serviceAccount}:${method}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
        },
        body: JSON.stringify(body),
      },
    ),
  );
}

/** A jwt-bearer grant at the OAuth2 token endpoint. */
export async function jwtBearer(
  emulator: Emulator,
  assertion: string,
  grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer",
): Promise<Answer> {
  return await answer(
    await fetch(`${emulator.endpoints.oauth2}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: grantType, assertion }).toString(),
    }),
  );
}

/** The claims of a JWT, unverified (a missing JWT fails to parse). */
// deno-lint-ignore no-explicit-any
export function claimsOf(jwt: string | undefined): any {
  const part = (jwt ?? "").split(".")[1] ?? "";
  return JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/")));
}

/** A form POST to the emulator's STS `path` (`token`, `introspect`, `oauthtoken`). */
export async function stsForm(
  emulator: Emulator,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return await answer(
    await fetch(`${emulator.endpoints.sts}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

/** HTTP Basic client authentication, as google-auth-library and gcloud send it. */
export function basicAuth(id: string, secret: string): Record<string, string> {
  return { authorization: `Basic ${btoa(`${id}:${secret}`)}` };
}

/** gcloud's public OAuth client, which it adds to STS calls and writes into files. */
export const GCLOUD_CLIENT = {
  id: "32555940559.apps.googleusercontent.com",
  secret: "ZmssLNjJy2998hD4CTg2ejr2",
};
