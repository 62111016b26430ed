// The outside world the step talks to in tests: the shared emulator (emulator/mod.ts) when it
// exists, else auth/'s loopback stand-in. Both are reached only through the documented
// environment: ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN and GHA_ENDPOINT_OVERRIDE_*.
import { existsSync } from "node:fs";
import { exportPKCS8, generateKeyPair } from "jose";
import { startLoopbackGoogle } from "../auth/_loopback_google.ts";

/** A request the world received. */
export interface WorldRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The world a step run talks to. */
export interface World {
  /** Which implementation: "emulator" or "loopback". */
  kind: string;
  /** Environment for the step: OIDC request and endpoint overrides. */
  env: Record<string, string>;
  provider: string;
  serviceAccount: string;
  /** A service account key JSON the world trusts. */
  keyJson(): Promise<string>;
  /** Every request so far. */
  requests(): WorldRequest[];
  close(): Promise<void>;
}

const EMULATOR = new URL("../../emulator/mod.ts", import.meta.url);

interface _Emulator {
  url: string;
  env: Record<string, string>;
  provider: string;
  serviceAccount: string;
  serviceAccountKey(email?: string): unknown;
  requests: { path?: string; url?: string; headers?: unknown; body?: unknown }[];
  close(): Promise<void> | void;
}

async function _emulator(): Promise<World> {
  const mod = await import(EMULATOR.href) as { startEmulator(): Promise<_Emulator> };
  const emulator = await mod.startEmulator();
  return {
    kind: "emulator",
    env: { ...emulator.env },
    provider: emulator.provider,
    serviceAccount: emulator.serviceAccount,
    keyJson: async () => {
      const key = await emulator.serviceAccountKey();
      return typeof key === "string" ? key : JSON.stringify(key);
    },
    requests: () =>
      emulator.requests.map((request) => ({
        path: String(request.path ?? request.url ?? ""),
        headers: (request.headers ?? {}) as WorldRequest["headers"],
        body: typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? ""),
      })),
    close: async () => {
      await emulator.close();
    },
  };
}

async function _loopback(): Promise<World> {
  const loopback = await startLoopbackGoogle();
  return {
    kind: "loopback",
    env: {
      ACTIONS_ID_TOKEN_REQUEST_URL: loopback.oidcRequest.url,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: loopback.oidcRequest.token,
      GHA_ENDPOINT_OVERRIDE_sts: loopback.endpoints.sts,
      GHA_ENDPOINT_OVERRIDE_iamcredentials: loopback.endpoints.iamcredentials,
      GHA_ENDPOINT_OVERRIDE_oauth2: loopback.endpoints.oauth2,
    },
    provider: loopback.provider,
    serviceAccount: loopback.serviceAccount,
    keyJson: async () => {
      const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
      const email = `key-${crypto.randomUUID().slice(0, 8)}@loop-proj.iam.gserviceaccount.com`;
      loopback.trustKey(publicKey, email);
      return JSON.stringify({
        type: "service_account",
        project_id: "loop-proj",
        private_key_id: "test-key-1",
        private_key: await exportPKCS8(privateKey),
        client_email: email,
        client_id: "1234567890",
      });
    },
    requests: () =>
      loopback.requests.map((request) => ({
        path: request.path,
        headers: request.headers,
        body: request.body,
      })),
    close: () => loopback.close(),
  };
}

/** Starts the emulator (or the stand-in) on a random loopback port. */
export function startWorld(): Promise<World> {
  return existsSync(EMULATOR) ? _emulator() : _loopback();
}
