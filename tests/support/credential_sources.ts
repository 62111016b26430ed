// The fixtures of the credential source tests (tests/auth/credentials/_sources/): a fake Google
// that answers every token call, and the step's external_account file.
import { buildExternalAccountCredentials } from "../../auth/authenticate/credentials_file.ts";
import type { RecordedRequest } from "./fake_fetch.ts";

export const T0 = 1_700_000_000_000;
export const SA = "ci@my-proj.iam.gserviceaccount.com";
export const AUDIENCE =
  "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh";
export const WORKFORCE = "//iam.googleapis.com/locations/global/workforcePools/pool/providers/idp";

export function jwt(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "RS256" })}.${part(claims)}.sig`;
}

export const GOOGLE = {
  "/token": (request: RecordedRequest) =>
    request.url.hostname === "sts.googleapis.com"
      ? Response.json({ access_token: "federated-token", expires_in: 3600 })
      : Response.json({ access_token: "ya29.oauth", expires_in: 3600 }),
  ":generateAccessToken": () =>
    Response.json({ accessToken: "ya29.impersonated", expireTime: "2023-11-15T00:00:00Z" }),
  ":generateIdToken": () => Response.json({ token: jwt({ exp: T0 / 1000 + 3600 }) }),
};

export function stepFile(serviceAccount?: string) {
  return buildExternalAccountCredentials({
    audience: AUDIENCE,
    stsEndpoint: "https://sts.googleapis.com/v1",
    oidcTokenUrl: "https://runner.example/idtoken?api-version=2.0&audience=x",
    oidcRequestToken: "runner-request-token",
    ...(serviceAccount === undefined ? {} : { serviceAccount }),
    iamCredentialsEndpoint: "https://iamcredentials.googleapis.com/v1",
    universe: "googleapis.com",
  });
}
