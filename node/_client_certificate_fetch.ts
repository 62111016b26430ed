/**
 * How the npm package's Node entry points present an X.509 source's client certificate
 * (build_npm.ts puts this module in place of
 * `auth/credentials/_sources/client_certificate_fetch.ts`): {@linkcode createNodeFetch} with the
 * certificate and key on its TLS connections.
 *
 * @module
 */
import type {
  ClientCertificate,
  ClientCertificateFetch,
} from "../auth/credentials/_sources/client_certificate_fetch.ts";
import { createNodeFetch } from "./_fetch.ts";

/** The runtime's way to present a client certificate: `node:tls` through the Node transport. */
export function defaultClientCertificateFetch(): ClientCertificateFetch | undefined {
  return (clientCertificate: ClientCertificate) => ({
    fetch: createNodeFetch({ clientCertificate }),
    close: () => {},
  });
}
