// authenticate() cost without the network: the fake fetch answers at once, so these figures are
// the library's own overhead per flow (validation, request building, retries layer, signing).
import { exportPKCS8, generateKeyPair } from "jose";
import {
  authenticate,
  parseServiceAccountKey,
  parseWorkloadIdentityProvider,
} from "../auth/mod.ts";

const PROVIDER = "projects/123456/locations/global/workloadIdentityPools/github/providers/repo";
const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const KEY = JSON.stringify({
  type: "service_account",
  project_id: "bench",
  private_key_id: "kid",
  private_key: await exportPKCS8(privateKey),
  client_email: "bench@bench.iam.gserviceaccount.com",
});

const fetch = (input: Request | URL | string): Promise<Response> => {
  const path = new URL(String(input)).pathname;
  if (path === "/token") return Promise.resolve(Response.json({ value: "eyJ.e30.sig" }));
  if (path === "/v1/token") {
    return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3599 }));
  }
  return Promise.resolve(
    Response.json({ accessToken: "ya29.x", expireTime: "2030-01-01T00:00:00Z" }),
  );
};

Deno.bench("parseWorkloadIdentityProvider()", { group: "parse" }, () => {
  parseWorkloadIdentityProvider(PROVIDER);
});

Deno.bench("parseServiceAccountKey() base64", { group: "parse" }, () => {
  parseServiceAccountKey(btoa(KEY));
});

Deno.bench("authenticate() WIF + service account access token", { group: "flow" }, async () => {
  await authenticate({
    workloadIdentityProvider: PROVIDER,
    serviceAccount: "ci@p.iam.gserviceaccount.com",
    oidcRequest: { url: "https://runner.example/token", token: "t" },
    tokenFormat: "access_token",
    fetch,
  });
});

Deno.bench("authenticate() key mode, no token (local RS256)", { group: "flow" }, async () => {
  await authenticate({ credentialsJson: KEY });
});
