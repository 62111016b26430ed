// A throwaway RSA test key generated per process (never a real key), as a service account key JSON.
import { exportPKCS8, generateKeyPair } from "jose";

/** A generated test service account key and its JSON text. */
export interface TestKey {
  key: {
    type: "service_account";
    project_id: string;
    private_key_id: string;
    private_key: string;
    client_email: string;
    client_id: string;
    token_uri: string;
  };
  json: string;
  publicKey: CryptoKey;
}

let cached: Promise<TestKey> | undefined;

/** The test key of this process (RSA 2048, generated once). */
export function testKey(): Promise<TestKey> {
  cached ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const key = {
      type: "service_account" as const,
      project_id: "test-project",
      private_key_id: "test-key-id",
      private_key: await exportPKCS8(privateKey),
      client_email: "key-sa@test-project.iam.gserviceaccount.com",
      client_id: "1234567890",
      token_uri: "https://oauth2.googleapis.com/token",
    };
    return { key, json: JSON.stringify(key), publicKey };
  })();
  return cached;
}
