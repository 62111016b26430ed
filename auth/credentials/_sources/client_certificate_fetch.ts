// How an X.509 certificate source presents its certificate when the caller passes no `fetch`: the
// runtime's own way, looked up through globalThis so auth/ depends on no runtime (Deno's
// `createHttpClient`, Bun's `tls` option of fetch). The npm package's Node entry points swap this
// module, when the build resolves it, for node/_client_certificate_fetch.ts (node:https).
import type { FetchLike, FetchResponse } from "../../types.ts";

/** A client certificate (PEM, the chain after the leaf if the file has one) and its key (PEM). */
export interface ClientCertificate {
  cert: string;
  key: string;
}

/** A fetch that presents a client certificate, and how to release what it holds. */
export interface ClientCertificateClient {
  fetch: FetchLike<FetchResponse>;
  close(): void;
}

/** Makes a {@linkcode ClientCertificateClient}; throws when the runtime refuses the certificate or key. */
export type ClientCertificateFetch = (certificate: ClientCertificate) => ClientCertificateClient;

interface DenoHttpClient {
  close(): void;
}

interface DenoLike {
  createHttpClient(options: { cert: string; key: string }): DenoHttpClient;
}

const runtime = globalThis as { Deno?: DenoLike; Bun?: unknown };

/** Deno: a `Deno.HttpClient` holding the certificate, closed once the token is minted. */
function denoClient(deno: DenoLike): ClientCertificateFetch {
  return (certificate) => {
    const client = deno.createHttpClient({ cert: certificate.cert, key: certificate.key });
    const fetch: FetchLike<FetchResponse> = (input, init) =>
      globalThis.fetch(input, { ...init, client } as RequestInit);
    return { fetch, close: () => client.close() };
  };
}

/** Bun: fetch's `tls` option on every call. */
const bunClient: ClientCertificateFetch = (certificate) => ({
  fetch: (input, init) =>
    globalThis.fetch(input, {
      ...init,
      tls: { cert: certificate.cert, key: certificate.key },
    } as RequestInit),
  close: () => {},
});

/**
 * The runtime's way to present a client certificate: Deno's and Bun's; none elsewhere (a Worker
 * binds a certificate to a `fetch` of its own, which the caller passes).
 */
export function defaultClientCertificateFetch(): ClientCertificateFetch | undefined {
  const { Deno: deno, Bun: bun } = runtime;
  if (bun !== undefined) return bunClient;
  if (typeof deno?.createHttpClient === "function") return denoClient(deno);
  return undefined;
}
