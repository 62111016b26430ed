// Shared fixtures of the flow tests: a fake GitHub OIDC token and a fake Google behind one fetch.
import { base64url } from "jose";
import type { AuthenticateOptions } from "../../auth/mod.ts";
import { fakeFetch, type FakeHandler, type RecordedRequest } from "./fake_fetch.ts";
import type { EmulatorRoute } from "../../emulator/mod.ts";

export const PROVIDER =
  "projects/123456/locations/global/workloadIdentityPools/github/providers/repo";
export const SA = "ci@my-proj.iam.gserviceaccount.com";
export const RUNNER_TOKEN = "runner-request-token-secret";

/** A JWT of `claims` with a fake signature, for a fake server to hand out. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => base64url.encode(JSON.stringify(value));
  return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.c2ln`;
}

/** A GitHub-like OIDC token. */
const OIDC_TOKEN = unsignedJwt({
  sub: "repo:octo/app:ref:refs/heads/main",
  repository: "octo/app",
  aud: "x",
});

/** The calls a flow can make. */
export type Route = Extract<
  EmulatorRoute,
  "oidc" | "sts" | "generateAccessToken" | "generateIdToken" | "signJwt" | "oauth2Token"
>;

/** Which call a request is. */
function routeOf(request: RecordedRequest): Route {
  const path = request.url.pathname;
  if (path.endsWith("/oidc/token")) return "oidc";
  if (path.endsWith("/v1/token")) return "sts";
  if (path.endsWith(":generateAccessToken")) return "generateAccessToken";
  if (path.endsWith(":generateIdToken")) return "generateIdToken";
  if (path.endsWith(":signJwt")) return "signJwt";
  if (path.endsWith("/token")) return "oauth2Token";
  throw new Error(`unexpected request ${request.url}`);
}

/** How the error message of a failed call starts, per call. */
export const MESSAGE_PREFIXES: Record<Route, RegExp> = {
  oidc: /^Failed to get a GitHub OIDC token for audience /,
  sts: /^Failed to generate Google Cloud federated token for \/\/iam\.googleapis\.com\//,
  generateAccessToken: /^Failed to generate Google Cloud OAuth 2\.0 Access Token for ci@/,
  generateIdToken: /^Failed to generate Google Cloud OpenID Connect ID token for ci@/,
  signJwt: /^Failed to sign JWT using ci@/,
  oauth2Token: /^Failed to generate Google Cloud Domain Wide Delegation OAuth 2\.0 Access Token/,
};

/** A healthy answer for each call. */
function healthy(route: Route): Response {
  switch (route) {
    case "oidc":
      return Response.json({ value: OIDC_TOKEN });
    case "sts":
      return Response.json({ access_token: "federated-token-value", expires_in: 3599 });
    case "generateAccessToken":
      return Response.json({ accessToken: "ya29.sa", expireTime: "2030-01-01T01:00:00Z" });
    case "generateIdToken":
      return Response.json({ token: "id.token.value" });
    case "signJwt":
      return Response.json({ keyId: "k", signedJwt: "signed.jwt.value" });
    case "oauth2Token":
      return Response.json({ access_token: "ya29.dwd", expires_in: 3600 });
  }
}

/** A fake Google where `handler` may answer a route instead of the healthy default. */
export function fakeGoogle(
  handler: (route: Route, attempt: number) => Response | Promise<Response> | undefined,
) {
  const attempts = new Map<Route, number>();
  const answer: FakeHandler = (request) => {
    const route = routeOf(request);
    const attempt = (attempts.get(route) ?? 0) + 1;
    attempts.set(route, attempt);
    return handler(route, attempt) ?? healthy(route);
  };
  return { ...fakeFetch(answer), attempts };
}

/** Options of a WIF flow that exercises `route`. */
export function flowFor(route: Route): AuthenticateOptions {
  const base: AuthenticateOptions = {
    workloadIdentityProvider: PROVIDER,
    oidcRequest: { url: "https://runner.example/oidc/token?api-version=2.0", token: RUNNER_TOKEN },
    serviceAccount: SA,
    tokenFormat: "access_token",
  };
  if (route === "generateIdToken") {
    return { ...base, tokenFormat: "id_token", idTokenAudience: "https://svc.example" };
  }
  if (route === "signJwt" || route === "oauth2Token") {
    return { ...base, accessTokenSubject: "admin@example.com" };
  }
  return base;
}
