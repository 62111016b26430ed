// Proxy selection: the rules as named cases, then a differential table against
// @actions/http-client 2.2.3's own getProxyUrl/checkBypass (what google-github-actions/auth
// bundles) over every combination of variables, NO_PROXY forms and targets.
import assert from "node:assert/strict";
import process from "node:process";
import { checkBypass, getProxyUrl } from "@actions/http-client/lib/proxy.js";
import {
  bypassesProxy,
  ProxyConfigError,
  type ProxyEnv,
  proxyFor,
  type ProxyServer,
} from "../../node/_proxy.ts";

const P = "http://proxy-a.corp:3128";
const Q = "http://proxy-b.corp:8080";

function via(url: string, env: ProxyEnv): string | undefined {
  return proxyFor(new URL(url), env)?.label;
}

Deno.test("proxy: HTTPS_PROXY serves https: targets only, HTTP_PROXY http: targets only", () => {
  assert.equal(via("https://sts.googleapis.com/v1/token", { HTTPS_PROXY: P }), P);
  assert.equal(via("http://metadata.example/", { HTTPS_PROXY: P }), undefined);
  assert.equal(via("http://metadata.example/", { HTTP_PROXY: Q }), Q);
  assert.equal(via("https://sts.googleapis.com/", { HTTP_PROXY: Q }), undefined);
  assert.equal(via("https://sts.googleapis.com/", {}), undefined);
});

Deno.test("proxy: the lower-case variable wins when both are set and non-empty", () => {
  assert.equal(via("https://a.example/", { HTTPS_PROXY: P, https_proxy: Q }), Q);
  assert.equal(via("http://a.example/", { HTTP_PROXY: P, http_proxy: Q }), Q);
  assert.equal(via("https://a.example/", { HTTPS_PROXY: P, https_proxy: "" }), P);
  const noProxy = { HTTPS_PROXY: P, NO_PROXY: "other.example", no_proxy: "a.example" };
  assert.equal(via("https://a.example/", noProxy), undefined);
  assert.equal(via("https://other.example/", noProxy), P);
});

Deno.test("proxy: loopback always goes direct, whatever NO_PROXY says", () => {
  const env = { HTTPS_PROXY: P, HTTP_PROXY: P };
  for (
    const url of [
      "http://localhost:8080/",
      "https://LOCALHOST/",
      "http://127.0.0.1/",
      "http://127.8.9.10:1/",
      "http://[::1]:9/",
    ]
  ) {
    assert.equal(via(url, env), undefined, url);
  }
  assert.equal(via("http://localhost.example/", env), P);
  assert.equal(via("http://[::2]/", env), P);
});

Deno.test("proxy: NO_PROXY matches host, host:port, a domain with its subdomains, .domain subdomains only, *", () => {
  const cases: [noProxy: string, url: string, direct: boolean][] = [
    ["example.com", "https://example.com/", true],
    ["example.com", "https://sts.example.com/", true],
    ["example.com", "https://notexample.com/", false],
    [".example.com", "https://example.com/", false],
    [".example.com", "https://sts.example.com/", true],
    ["example.com:443", "https://example.com/", true],
    ["example.com:443", "http://example.com/", false],
    ["example.com:8443", "https://example.com:8443/", true],
    [" other.org , EXAMPLE.com ", "https://example.com/", true],
    ["*", "https://anything.example/", true],
    ["*.example.com", "https://sts.example.com/", false],
    [",,", "https://example.com/", false],
  ];
  for (const [noProxy, url, direct] of cases) {
    assert.equal(bypassesProxy(new URL(url), { NO_PROXY: noProxy }), direct, `${noProxy} ${url}`);
  }
});

Deno.test("proxy: credentials become Basic Proxy-Authorization and stay out of the label", () => {
  const proxy = proxyFor(new URL("https://a.example/"), {
    HTTPS_PROXY: "http://ci%40corp:p%3Ass%C3%A9@proxy.corp:3128",
  });
  assert.equal(proxy?.label, "http://proxy.corp:3128");
  const decoded = new TextDecoder().decode(
    Uint8Array.from(atob(proxy!.authorization!.slice("Basic ".length)), (c) => c.charCodeAt(0)),
  );
  assert.equal(decoded, "ci@corp:p:ssé");
  assert.equal(
    proxyFor(new URL("https://a.example/"), { HTTPS_PROXY: P })?.authorization,
    undefined,
  );
});

Deno.test("proxy: default ports, https: proxies, IPv6 proxies, values without a scheme", () => {
  const pick = (value: string): ProxyServer | undefined =>
    proxyFor(new URL("https://a.example/"), { HTTPS_PROXY: value });
  assert.deepEqual(
    [pick("http://proxy.corp"), pick("https://proxy.corp"), pick("http://[fd00::1]:3128")].map(
      (proxy) => [proxy?.protocol, proxy?.hostname, proxy?.port],
    ),
    [["http:", "proxy.corp", 80], ["https:", "proxy.corp", 443], ["http:", "fd00::1", 3128]],
  );
  assert.equal(pick("10.0.0.1:3128")?.label, "http://10.0.0.1:3128");
  // @actions/http-client parses this one as a URL with the scheme "proxy.corp:" and no host, and
  // then connects direct; a proxy the user set is meant to be used.
  assert.equal(pick("proxy.corp:3128")?.label, "http://proxy.corp:3128");
  assert.equal(
    withEnv(
      { HTTPS_PROXY: "proxy.corp:3128" },
      () => hostOf(getProxyUrl(new URL("https://a.example/"))),
    ),
    undefined,
  );
});

Deno.test("proxy: an unusable proxy variable is an error naming the variable, not its value", () => {
  for (
    const value of [
      "http://alice:s3cret@bad host:1",
      "socks5://alice:s3cret@proxy:1080",
      "http://alice:%zz@proxy:1",
    ]
  ) {
    assert.throws(
      () => proxyFor(new URL("https://a.example/"), { https_proxy: value }),
      (error: Error) => {
        assert.ok(error instanceof ProxyConfigError);
        assert.match(error.message, /^Cannot use the proxy in https_proxy: /);
        assert.doesNotMatch(error.message, /alice|s3cret|%zz/);
        return true;
      },
    );
  }
});

/** Runs `read` with `process.env` replaced by `env` (synchronously, so nothing else sees it). */
function withEnv<T>(env: ProxyEnv, read: () => T): T {
  const saved = process.env;
  process.env = { ...env } as typeof process.env;
  try {
    return read();
  } finally {
    process.env = saved;
  }
}

function hostOf(url: URL | undefined): string | undefined {
  return url?.hostname || undefined;
}

/** What @actions/http-client would connect to, in our terms. */
function theirs(target: URL, env: ProxyEnv): Record<string, unknown> | undefined {
  const url = withEnv(env, () => getProxyUrl(target));
  if (hostOf(url) === undefined) return undefined;
  const proxy = url!;
  const tls = proxy.protocol === "https:";
  const credentials = proxy.username || proxy.password
    ? `${proxy.username}:${proxy.password}`
    : undefined;
  return {
    protocol: tls ? "https:" : "http:",
    hostname: proxy.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: Number(proxy.port || (tls ? 443 : 80)),
    credentials,
  };
}

function ours(target: URL, env: ProxyEnv): Record<string, unknown> | undefined {
  const proxy = proxyFor(target, env);
  if (proxy === undefined) return undefined;
  const basic = proxy.authorization?.slice("Basic ".length);
  return {
    protocol: proxy.protocol,
    hostname: proxy.hostname,
    port: proxy.port,
    credentials: basic === undefined
      ? undefined
      : new TextDecoder().decode(Uint8Array.from(atob(basic), (c) => c.charCodeAt(0))),
  };
}

Deno.test("proxy: same choice as @actions/http-client 2.2.3 over a table of variables and targets", () => {
  const targets = [
    "https://example.com/",
    "https://sts.example.com/v1/token",
    "https://STS.Example.COM:443/",
    "http://example.com/",
    "https://example.com:8443/",
    "http://example.com:443/",
    "https://notexample.com/",
    "https://example.com.evil/",
    "http://localhost:8080/",
    "https://localhost/",
    "http://127.0.0.1:1234/",
    "https://127.200.0.1/",
    "http://[::1]:80/",
    "http://[fd00::2]:8080/",
    "https://10.1.2.3/",
    "http://metadata.google.internal/computeMetadata/v1/",
  ].map((url) => new URL(url));
  const proxies: ProxyEnv[] = [
    {},
    { HTTPS_PROXY: P },
    { https_proxy: P },
    { HTTP_PROXY: Q },
    { http_proxy: Q },
    { HTTPS_PROXY: P, HTTP_PROXY: Q },
    { HTTPS_PROXY: P, https_proxy: Q, HTTP_PROXY: Q, http_proxy: P },
    { HTTPS_PROXY: P, https_proxy: "" },
    { HTTPS_PROXY: "https://u%40x:p%3As@proxy.corp", HTTP_PROXY: "http://user:@10.0.0.1" },
    { HTTPS_PROXY: "http://:only-password@[fd00::1]:3128", HTTP_PROXY: "10.0.0.2:3128" },
  ];
  const noProxies = [
    undefined,
    "example.com",
    ".example.com",
    "EXAMPLE.COM",
    "example.com:443",
    "sts.example.com:443",
    "example.com:8443",
    "com",
    ".com",
    "*",
    " foo , example.com ,",
    "10.1.2.3",
    "[fd00::2]",
    "[fd00::2]:8080",
    "metadata.google.internal",
    "*.example.com",
  ];
  for (const proxyEnv of proxies) {
    for (const noProxy of noProxies) {
      for (const key of ["NO_PROXY", "no_proxy"]) {
        const env = noProxy === undefined ? proxyEnv : { ...proxyEnv, [key]: noProxy };
        for (const target of targets) {
          const label = `${JSON.stringify(env)} ${target.href}`;
          assert.equal(
            bypassesProxy(target, env),
            withEnv(env, () => checkBypass(target)),
            `bypass ${label}`,
          );
          assert.deepEqual(ours(target, env), theirs(target, env), label);
        }
      }
    }
  }
});
