// Starts bench/support/emulator_process.ts (the emulator in a process of its own, so that answering
// takes no CPU time from the process that measures) and reads the world it prints.
/** What bench/support/emulator_process.ts prints when it is ready. */
export interface EmulatorWorld {
  env: Record<string, string>;
  provider: string;
  serviceAccount: string;
  serviceAccountKey: string;
  /** The step's external_account file (URL source, impersonation). */
  externalAccount: string;
  /** The metadata server, as GCE_METADATA_HOST. */
  metadataHost: string;
  /** The emulator's base URLs by service (oauth2, iamcredentials, sts, ...). */
  endpoints: Record<string, string>;
}

/**
 * Starts bench/support/emulator_process.ts and reads the world it prints. Its standard input stays open
 * until this process exits, which ends it.
 */
export async function startEmulatorProcess(): Promise<EmulatorWorld> {
  const script = new URL("./emulator_process.ts", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error("the emulator process ended before it was ready");
    text += value;
  }
  reader.releaseLock();
  child.unref();
  return JSON.parse(text.slice(0, text.indexOf("\n")));
}
