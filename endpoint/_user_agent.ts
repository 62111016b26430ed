// The default user-agent: this package's product token plus a runtime token found by feature tests
// on globalThis, so it needs no runtime-specific types.
import { PACKAGE_NAME, VERSION } from "./_package.ts";

interface RuntimeGlobals {
  readonly Deno?: { readonly version?: { readonly deno?: unknown } };
  readonly Bun?: { readonly version?: unknown };
  readonly process?: { readonly versions?: { readonly node?: unknown } };
  readonly navigator?: { readonly userAgent?: unknown };
}

/**
 * The runtime's product token: `Deno/<v>`, `Bun/<v>`, `Node.js/<v>`, else `navigator.userAgent`,
 * else `undefined`.
 */
export function runtimeToken(globals: RuntimeGlobals): string | undefined {
  const deno = globals.Deno?.version?.deno;
  if (typeof deno === "string") return `Deno/${deno}`;
  const bun = globals.Bun?.version;
  if (typeof bun === "string") return `Bun/${bun}`;
  const node = globals.process?.versions?.node;
  if (typeof node === "string") return `Node.js/${node}`;
  const userAgent = globals.navigator?.userAgent;
  if (typeof userAgent === "string" && userAgent !== "") return userAgent;
  return undefined;
}

/** `gcp-oidc-auth/<version> <runtime>/<runtime version>`. */
export function defaultUserAgent(globals: RuntimeGlobals): string {
  const product = `${PACKAGE_NAME}/${VERSION}`;
  const runtime = runtimeToken(globals);
  return runtime === undefined ? product : `${product} ${runtime}`;
}

/** The user-agent for this process, computed once at module load. */
export const USER_AGENT: string = defaultUserAgent(globalThis as RuntimeGlobals);
