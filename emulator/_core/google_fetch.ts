// A fetch that sends requests for Google's hosts to the emulator, for client libraries that call
// fixed Google URLs whatever a credentials file says (google-auth-library's service account
// client always posts to https://oauth2.googleapis.com/token). `https://<service>.<universe>/<path>`
// becomes `<emulator>/<service>/<path>` for the services the emulator serves, and the metadata
// server's hosts become the emulator's root; every other URL is fetched unchanged.

/** The emulated services, by host name prefix, as the emulator lays out their paths. */
const SERVICES = ["cloudresourcemanager", "iamcredentials", "oauth2", "storage", "sts", "www"];
const METADATA_HOSTS = ["metadata.google.internal", "metadata.google.internal.", "169.254.169.254"];
/** Google's static host, where IAP publishes its keys; served under `/gstatic`. */
const GSTATIC_HOST = "www.gstatic.com";

/** The emulator URL that stands for `url`, or `undefined` when the emulator does not serve it. */
export function emulatedUrl(url: URL, base: string, universe: string): string | undefined {
  const rest = `${url.pathname}${url.search}`;
  if (url.protocol === "http:" && METADATA_HOSTS.includes(url.hostname) && url.port === "") {
    return `${base}${rest}`;
  }
  if (url.protocol !== "https:" || url.port !== "") return undefined;
  if (url.hostname === GSTATIC_HOST) return `${base}/gstatic${rest}`;
  const service = SERVICES.find((name) => url.hostname === `${name}.${universe}`);
  return service === undefined ? undefined : `${base}/${service}${rest}`;
}

/** A `fetch` that routes Google's hosts of `universe` to the emulator at `base`. */
export function googleFetch(
  base: string,
  universe: string,
): (input: Request | URL | string, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const target = emulatedUrl(new URL(request.url), base, universe);
    if (target === undefined) return await fetch(request);
    const bodyless = request.method === "GET" || request.method === "HEAD";
    return await fetch(target, {
      method: request.method,
      headers: request.headers,
      body: bodyless ? undefined : await request.arrayBuffer(),
      redirect: request.redirect,
      signal: request.signal,
    });
  };
}
