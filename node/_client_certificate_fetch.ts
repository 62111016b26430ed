/**
 * How the npm package's Node entry points present an X.509 source's client certificate
 * (build_npm.ts puts this module in place of
 * `auth/credentials/_sources/client_certificate_fetch.ts`): {@linkcode createNodeFetch} with the
 * certificate and key on its TLS connections.
 *
 * @module
 */
import type { FetchLike, FetchResponse } from "../auth/mod.ts";
import { createNodeFetch } from "./_fetch.ts";

/** A fetch that presents a client certificate, made of the certificate and key (PEM). */
type ClientCertificateFetch = (
  certificate: { cert: string; key: string },
) => { fetch: FetchLike<FetchResponse>; close(): void };

/** The runtime's way to present a client certificate: `node:tls` through the Node transport. */
export function defaultClientCertificateFetch(): ClientCertificateFetch | undefined {
  return (clientCertificate) => ({
    fetch: createNodeFetch({ clientCertificate }),
    close: () => {},
  });
}
