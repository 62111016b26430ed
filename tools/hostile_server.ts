// A loopback server whose answers never end well, one kind per path prefix:
// `/drip/...` sends 200 and headers, then one byte a second; `/endless/...` sends 200 and a body
// that never ends, as fast as the client reads; `/oversized/...` sends 200 and an 8 MiB JSON body
// (complete, with its length). It counts the bytes it wrote and lets a caller wait until every
// answer's connection is closed, which only happens when the client gives up on the body.
//
// It also gives the command lines that run calls against it (`hostile_body_call.ts`) in each
// runtime, for http_test.ts and bench/hostile_server_figures.ts.
import { execFile } from "node:child_process";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import type { Runtime } from "./runtimes.ts";

/** What a hostile server sends after the headers. */
export type HostileKind = "drip" | "endless" | "oversized";

/** The kinds, in the order the tests and figures list them. */
export const HOSTILE_KINDS: readonly HostileKind[] = ["drip", "endless", "oversized"];

/** A running hostile server. */
export interface HostileServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Bytes of body written so far, per kind. */
  written: Record<HostileKind, number>;
  /** Resolves when no answer of this server has an open connection. */
  allClosed(): Promise<void>;
  /** Stops the server. */
  close(): Promise<void>;
}

const CHUNK = new Uint8Array(64 * 1024).fill(0x20);
const OVERSIZED_BYTES = 8 * 2 ** 20;

function send(kind: HostileKind, res: ServerResponse, written: Record<HostileKind, number>): void {
  const write = (bytes: Uint8Array): boolean => {
    written[kind] += bytes.byteLength;
    return res.write(bytes);
  };
  if (kind === "oversized") {
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": String(OVERSIZED_BYTES),
    });
    const body = new TextEncoder().encode(
      `{"access_token":"${"a".repeat(OVERSIZED_BYTES - 20)}"}`.padEnd(OVERSIZED_BYTES),
    );
    write(body);
    res.end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  if (kind === "drip") {
    write(new TextEncoder().encode("{"));
    const timer = setInterval(() => write(new TextEncoder().encode(" ")), 1000);
    res.on("close", () => clearInterval(timer));
    return;
  }
  const pump = (): void => {
    while (!res.destroyed && write(CHUNK));
    if (!res.destroyed) res.once("drain", pump);
  };
  pump();
}

/** Starts a hostile server on 127.0.0.1. */
export async function startHostileServer(): Promise<HostileServer> {
  const written: Record<HostileKind, number> = { drip: 0, endless: 0, oversized: 0 };
  let open = 0;
  let waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    open++;
    res.on("close", () => {
      if (--open === 0) { for (const wake of waiters.splice(0)) wake(); }
    });
    req.resume();
    const kind = (req.url ?? "").split("/")[1] as HostileKind;
    send(HOSTILE_KINDS.includes(kind) ? kind : "drip", res, written);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written,
    allClosed: () =>
      open === 0 ? Promise.resolve() : new Promise<void>((wake) => waiters.push(wake)),
    close: () =>
      new Promise<void>((resolve) => {
        waiters = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `[runtime name, command line]` of each runtime given, for calls of `hostile_body_call.ts`
 * (the server URL and options follow): Deno and Node 24 on the TypeScript source, Node 20 (no
 * type stripping) on a `deno bundle` of it written to `dir`.
 */
export async function hostileCallCommands(
  dir: string,
  nodes: { node20?: Runtime; node24?: Runtime },
): Promise<[string, string[]][]> {
  const script = new URL("./hostile_body_call.ts", import.meta.url).pathname;
  const commands: [string, string[]][] = [
    [`deno ${Deno.version.deno}`, [Deno.execPath(), "run", "-A", script]],
  ];
  if (nodes.node24 !== undefined) commands.push([nodes.node24.name, [nodes.node24.path, script]]);
  if (nodes.node20 !== undefined) {
    const bundle = `${dir}/hostile_body_call.mjs`;
    await promisify(execFile)(Deno.execPath(), [
      ...["bundle", "--quiet", "--platform", "node", "--format", "esm"],
      ...["-o", bundle, script],
    ]);
    commands.push([nodes.node20.name, [nodes.node20.path, bundle]]);
  }
  return commands;
}
