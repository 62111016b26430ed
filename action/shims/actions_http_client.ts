/**
 * Stands in for `@actions/http-client` (and its `lib/auth`) in the step's bundle: `@actions/core`
 * imports it only for `getIDToken()`, which the step never calls (it fetches the token itself).
 *
 * @module
 */

import type * as HttpClientModule from "@actions/http-client";
import type * as HttpClientAuth from "@actions/http-client/lib/auth";
import { notBundled } from "./not_bundled.ts";

const SPECIFIER = "@actions/http-client";

/** Throws: the step makes its calls over `node/_fetch.ts`. */
export class HttpClient {
  /** @param _args As `@actions/http-client`'s. */
  constructor(..._args: ConstructorParameters<typeof HttpClientModule.HttpClient>) {
    throw notBundled("HttpClient", SPECIFIER);
  }
}

/** Throws: the step makes its calls over `node/_fetch.ts`. */
export class BearerCredentialHandler {
  /** @param _args As `@actions/http-client/lib/auth`'s. */
  constructor(..._args: ConstructorParameters<typeof HttpClientAuth.BearerCredentialHandler>) {
    throw notBundled("BearerCredentialHandler", `${SPECIFIER}/lib/auth`);
  }
}
