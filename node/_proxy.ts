/**
 * Which forward proxy, if any, a request of the step goes through, from `HTTPS_PROXY`,
 * `HTTP_PROXY` and `NO_PROXY` (either case, the lower-case one first), with the rules of
 * `@actions/http-client` 2.2.3, which google-github-actions/auth uses:
 *
 * - an `https:` target uses `https_proxy`/`HTTPS_PROXY`, an `http:` target
 *   `http_proxy`/`HTTP_PROXY` (`HTTPS_PROXY` alone does not proxy an `http:` target);
 * - `localhost`, `127.*` and `[::1]` always go direct;
 * - a `NO_PROXY` entry (comma-separated, case-insensitive) is `*`, a host, or `host:port`
 *   (the port defaults to the scheme's); a bare `example.com` also covers its subdomains, and
 *   `.example.com` covers the subdomains only.
 *
 * Two deliberate differences, both for values `@actions/http-client` silently ignores: a value
 * without `://` (`proxy.corp:3128`) is read as `http://proxy.corp:3128` (it sent such a request
 * direct), and a value that is not a URL or names another scheme than `http:`/`https:` is an
 * error naming the variable (never its value, which may hold a password).
 *
 * @module
 */

import { AuthError } from "../auth/mod.ts";

/** The environment variables read, by name; `process.env` in the step. */
export type ProxyEnv = Readonly<Record<string, string | undefined>>;

/** A forward proxy to tunnel through with `CONNECT`. */
export interface ProxyServer {
  /** `http:` for a plain connection to the proxy, `https:` for TLS to the proxy. */
  protocol: "http:" | "https:";
  /** Host name or IP address (IPv6 without brackets). */
  hostname: string;
  /** Port, defaulting to the scheme's. */
  port: number;
  /** `Basic ...` from the URL's user name and password, when it has any. */
  authorization?: string;
  /** The proxy as `http://host:port`, without credentials: safe for errors and logs. */
  label: string;
}

/**
 * Thrown when a proxy variable cannot be used (`ERR_PROXY_INVALID`); the message names the
 * variable, not its value. `auth/`'s transport ends a call at once on any `AuthError` its fetch
 * throws, so a configuration error is never retried as a network failure.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProxyConfigError, proxyFor } from "./_proxy.ts";
 *
 * const env = { HTTPS_PROXY: "socks5://proxy.corp:1080" };
 * assert.throws(() => proxyFor(new URL("https://sts.googleapis.com/"), env), ProxyConfigError);
 * ```
 */
export class ProxyConfigError extends AuthError {
  override name = "ProxyConfigError";

  /** @param message What is wrong, naming the variable (never its value). */
  constructor(message: string) {
    super("ERR_PROXY_INVALID", message);
  }
}

/** `name` when set and non-empty (the lower-case form first), as `@actions/http-client` reads it. */
function variable(env: ProxyEnv, name: string): { name: string; value: string } | undefined {
  for (const key of [name.toLowerCase(), name]) {
    const value = env[key];
    if (value) return { name: key, value };
  }
  return undefined;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host.startsWith("127.") || host === "[::1]";
}

/**
 * The port of `url`, or its scheme's (80, 443); `undefined` for another scheme without one.
 *
 * @param url The URL.
 * @returns The port to connect to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { portOf } from "./_proxy.ts";
 *
 * assert.equal(portOf(new URL("https://sts.googleapis.com/v1/token")), 443);
 * assert.equal(portOf(new URL("http://127.0.0.1:8080/")), 8080);
 * ```
 */
export function portOf(url: URL): number | undefined {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : url.protocol === "http:" ? 80 : undefined;
}

/**
 * The host name of `url` without the brackets of an IPv6 address, as sockets take it.
 *
 * @param url The URL.
 * @returns The host name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bareHostname } from "./_proxy.ts";
 *
 * assert.equal(bareHostname(new URL("http://[::1]:8080/")), "::1");
 * ```
 */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Whether `target` goes direct whatever the proxy variables say: a loopback host, or a match in
 * `no_proxy`/`NO_PROXY`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bypassesProxy } from "./_proxy.ts";
 *
 * const env = { NO_PROXY: "example.com,.internal" };
 * assert.equal(bypassesProxy(new URL("https://api.example.com/"), env), true);
 * assert.equal(bypassesProxy(new URL("https://internal/"), env), false);
 * assert.equal(bypassesProxy(new URL("http://127.0.0.1:8080/"), {}), true);
 * ```
 */
export function bypassesProxy(target: URL, env: ProxyEnv): boolean {
  if (isLoopback(target.hostname)) return true;
  const noProxy = variable(env, "NO_PROXY")?.value;
  if (noProxy === undefined) return false;
  const host = target.hostname.toUpperCase();
  const port = portOf(target);
  const names = port === undefined ? [host] : [host, `${host}:${port}`];
  return noProxy.split(",").map((entry) => entry.trim().toUpperCase()).some((entry) =>
    entry === "*" ||
    (entry !== "" && names.some((name) =>
      name === entry || name.endsWith(`.${entry}`) ||
      (entry.startsWith(".") && name.endsWith(entry))
    ))
  );
}

function parseProxy(name: string, value: string): URL {
  const where = `Cannot use the proxy in ${name}`;
  let url: URL;
  try {
    url = new URL(value.includes("://") ? value : `http://${value}`);
  } catch {
    throw new ProxyConfigError(`${where}: it is not a URL (expected http://host:port)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ProxyConfigError(
      `${where}: scheme ${url.protocol} is not supported (use http:// or https://)`,
    );
  }
  if (url.hostname === "") throw new ProxyConfigError(`${where}: it names no host`);
  return url;
}

function basicAuthorization(name: string, url: URL): string | undefined {
  if (url.username === "" && url.password === "") return undefined;
  let credentials: string;
  try {
    credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  } catch {
    throw new ProxyConfigError(
      `Cannot use the proxy in ${name}: its user name or password is not valid percent-encoding`,
    );
  }
  const bytes = new TextEncoder().encode(credentials);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * The proxy `target` goes through, or `undefined` to connect direct. Throws a
 * {@linkcode ProxyConfigError} when the variable that applies is not a usable proxy URL.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { proxyFor } from "./_proxy.ts";
 *
 * const env = { HTTPS_PROXY: "http://user:pa%40ss@proxy.corp:3128", NO_PROXY: ".corp" };
 * const proxy = proxyFor(new URL("https://sts.googleapis.com/v1/token"), env);
 * assert.equal(proxy?.label, "http://proxy.corp:3128");
 * assert.equal(proxy?.authorization, `Basic ${btoa("user:pa@ss")}`);
 * assert.equal(proxyFor(new URL("http://metadata.google.internal/"), env), undefined);
 * assert.equal(proxyFor(new URL("https://git.corp/"), env), undefined);
 * ```
 */
export function proxyFor(target: URL, env: ProxyEnv): ProxyServer | undefined {
  if (bypassesProxy(target, env)) return undefined;
  const found = variable(env, target.protocol === "https:" ? "HTTPS_PROXY" : "HTTP_PROXY");
  if (found === undefined) return undefined;
  const url = parseProxy(found.name, found.value);
  const protocol = url.protocol as ProxyServer["protocol"];
  const port = portOf(url)!;
  const proxy: ProxyServer = {
    protocol,
    hostname: bareHostname(url),
    port,
    label: `${protocol}//${url.hostname}:${port}`,
  };
  const authorization = basicAuthorization(found.name, url);
  if (authorization !== undefined) proxy.authorization = authorization;
  return proxy;
}
