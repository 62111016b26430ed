// A small loopback stand-in for GitHub's OIDC endpoint and Google's STS, IAM Credentials and
// OAuth2 token endpoints, strict about the wire shapes auth/ sends, with fault injection over
// real sockets. Used until (and besides) the shared emulator/: it maps every token it issues back
// to the request that caused it, so tests can check for cross-talk.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, jwtVerify } from "jose";

export type LoopbackRoute =
  | "oidc"
  | "sts"
  | "generateAccessToken"
  | "generateIdToken"
  | "signJwt"
  | "oauth2Token";

export interface LoopbackFault {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  reset?: boolean;
  delayMs?: number;
  truncate?: boolean;
  times?: number;
}

export interface LoopbackRequest {
  route: LoopbackRoute;
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface Loopback {
  url: string;
  endpoints: { sts: string; iamcredentials: string; oauth2: string };
  oidcRequest: { url: string; token: string };
  provider: string;
  serviceAccount: string;
  requests: LoopbackRequest[];
  /** What each issued token stands for: the subject chain that produced it. */
  issued: Map<string, string>;
  trustKey(publicKey: CryptoKey, email: string): void;
  injectFault(route: LoopbackRoute, fault: LoopbackFault): void;
  close(): Promise<void>;
}

const RUNNER_TOKEN = "loopback-runner-token";

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function routeOf(method: string, path: string): LoopbackRoute | undefined {
  if (method === "GET" && path === "/oidc/token") return "oidc";
  if (method === "POST" && path === "/sts/v1/token") return "sts";
  if (method === "POST" && path === "/oauth2/token") return "oauth2Token";
  const iam =
    /^\/iamcredentials\/v1\/projects\/-\/serviceAccounts\/[^/:]+:(generateAccessToken|generateIdToken|signJwt)$/
      .exec(path);
  return iam?.[1] as LoopbackRoute | undefined;
}

/** Starts the stand-in on a random loopback port. */
export async function startLoopbackGoogle(): Promise<Loopback> {
  const provider =
    "projects/424242/locations/global/workloadIdentityPools/loop-pool/providers/github";
  const serviceAccount = "loop@loop-proj.iam.gserviceaccount.com";
  const requests: LoopbackRequest[] = [];
  const issued = new Map<string, string>();
  const keys = new Map<string, CryptoKey>();
  const faults = new Map<LoopbackRoute, LoopbackFault>();
  let counter = 0;
  let base = "";

  const json = (res: ServerResponse, status: number, value: unknown): void => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
  };
  const deny = (res: ServerResponse, status: number, message: string): void =>
    json(res, status, {
      error: {
        code: status,
        message,
        status: status === 403 ? "PERMISSION_DENIED" : "INVALID_ARGUMENT",
      },
    });
  const issue = (prefix: string, meaning: string): string => {
    const token = `${prefix}.${++counter}.${crypto.randomUUID()}`;
    issued.set(token, meaning);
    return token;
  };
  async function bearerMeaning(header: string | undefined): Promise<string | undefined> {
    const token = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
    if (token === undefined) return undefined;
    if (issued.has(token)) return issued.get(token);
    try {
      const { iss } = decodeJwt(token);
      const key = keys.get(String(iss));
      if (key === undefined) return undefined;
      await jwtVerify(token, key, { audience: `${new URL(base).origin}/` });
      return `key:${iss}`;
    } catch {
      return undefined;
    }
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    route: LoopbackRoute,
    body: string,
    url: URL,
  ): Promise<void> {
    switch (route) {
      case "oidc": {
        if (req.headers.authorization !== `Bearer ${RUNNER_TOKEN}`) {
          return deny(res, 401, "bad runner token");
        }
        const aud = url.searchParams.get("audience") ?? "";
        const token = `${b64url({ alg: "none" })}.${
          b64url({
            sub: "repo:loop/app:ref:refs/heads/main",
            repository: "loop/app",
            aud,
            jti: ++counter,
          })
        }.sig`;
        issued.set(token, `oidc:${aud}`);
        return json(res, 200, { count: 1, value: token });
      }
      case "sts": {
        const form = (req.headers["content-type"] ?? "").startsWith(
          "application/x-www-form-urlencoded",
        );
        const params = form ? Object.fromEntries(new URLSearchParams(body)) : JSON.parse(body);
        const subject = params.subjectToken ?? params.subject_token;
        const audience = params.audience;
        if (audience !== `//iam.googleapis.com/${provider}`) {
          return json(res, 400, {
            error: "invalid_request",
            error_description: `bad audience ${audience}`,
          });
        }
        const meaning = issued.get(subject);
        if (meaning !== `oidc:https://iam.googleapis.com/${provider}`) {
          return json(res, 400, {
            error: "invalid_grant",
            error_description: "The audience in ID Token does not match the expected audience.",
          });
        }
        return json(res, 200, {
          access_token: issue("fed", `fed(${subject.split(".")[1]})`),
          issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
          token_type: "Bearer",
          expires_in: 3599,
        });
      }
      case "generateAccessToken":
      case "generateIdToken":
      case "signJwt": {
        const caller = await bearerMeaning(req.headers.authorization);
        if (caller === undefined) {
          return deny(res, 401, "Request had invalid authentication credentials.");
        }
        const sa = decodeURIComponent(url.pathname.split("/serviceAccounts/")[1]!.split(":")[0]!);
        if (sa !== serviceAccount && !keys.has(sa)) {
          return deny(
            res,
            403,
            `Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).`,
          );
        }
        const request = JSON.parse(body);
        const reason = String(req.headers["x-goog-request-reason"] ?? "");
        if (route === "generateAccessToken") {
          const lifetime = Number(String(request.lifetime ?? "3600s").replace(/s$/, ""));
          return json(res, 200, {
            accessToken: issue("ya29", `${caller}>${sa}|${reason}`),
            expireTime: new Date(Date.now() + lifetime * 1000).toISOString(),
          });
        }
        if (route === "generateIdToken") {
          return json(res, 200, {
            token: `${b64url({ alg: "RS256" })}.${
              b64url({
                aud: request.audience,
                email: request.includeEmail ? sa : undefined,
                exp: Math.floor(Date.now() / 1000) + 3600,
                reason,
              })
            }.sig`,
          });
        }
        const claims = JSON.parse(request.payload);
        const signed = `${b64url({ alg: "RS256", kid: "google" })}.${
          b64url(claims)
        }.google-sig-${++counter}`;
        issued.set(signed, `signed:${sa}`);
        return json(res, 200, { keyId: "google", signedJwt: signed });
      }
      case "oauth2Token": {
        const form = new URLSearchParams(body);
        const assertion = form.get("assertion") ?? "";
        if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
          return json(res, 400, { error: "unsupported_grant_type" });
        }
        let claims: Record<string, unknown>;
        try {
          claims = decodeJwt(assertion);
        } catch {
          return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT" });
        }
        const key = keys.get(String(claims.iss));
        if (!issued.has(assertion)) {
          if (key === undefined) {
            return json(res, 400, {
              error: "invalid_grant",
              error_description: "Invalid JWT Signature.",
            });
          }
          try {
            await jwtVerify(assertion, key);
          } catch {
            return json(res, 400, {
              error: "invalid_grant",
              error_description: "Invalid JWT Signature.",
            });
          }
        }
        return json(res, 200, {
          access_token: issue("ya29", `dwd:${claims.iss}>${claims.sub ?? claims.iss}`),
          expires_in: 3599,
          token_type: "Bearer",
        });
      }
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", base);
      const route = routeOf(req.method ?? "", url.pathname);
      const body = Buffer.concat(chunks).toString("utf8");
      if (route === undefined) {
        return json(res, 404, { error: { code: 404, message: "no such route" } });
      }
      requests.push({
        route,
        method: req.method ?? "",
        path: url.pathname,
        headers: req.headers,
        body,
      });
      const fault = faults.get(route);
      if (fault !== undefined && (fault.times ?? Infinity) > 0) {
        if (fault.times !== undefined) fault.times--;
        if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
        if (fault.reset) return req.socket.destroy();
        if (fault.truncate) {
          res.writeHead(200, { "content-type": "application/json", "content-length": "200" });
          res.write('{"access');
          return setTimeout(() => req.socket.destroy(), 5);
        }
        if (fault.status !== undefined) {
          res.writeHead(fault.status, fault.headers ?? {}).end(fault.body ?? "");
          return;
        }
      }
      try {
        await handle(req, res, route, body, url);
      } catch (error) {
        json(res, 400, {
          error: { code: 400, message: `bad request: ${(error as Error).message}` },
        });
      }
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    endpoints: {
      sts: `${base}/sts/v1`,
      iamcredentials: `${base}/iamcredentials/v1`,
      oauth2: `${base}/oauth2`,
    },
    oidcRequest: { url: `${base}/oidc/token?api-version=2.0`, token: RUNNER_TOKEN },
    provider,
    serviceAccount,
    requests,
    issued,
    trustKey: (publicKey, email) => void keys.set(email, publicKey),
    injectFault: (route, fault) => void faults.set(route, { ...fault }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
