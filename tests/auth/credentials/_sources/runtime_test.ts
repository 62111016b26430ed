// Files read for credentials (the ADC file, a credential_source.file): only regular files, at most
// 1 MiB, and never past the signal: a FIFO, a device or a huge file is refused at once, and a read
// still pending when the signal aborts releases every caller waiting on it.
import assert from "node:assert/strict";
import { AuthError, credentialsFromJson, loadCredentials } from "../../../../auth/mod.ts";

const MAX_FILE_BYTES = 1 << 20;

function externalAccount(file: string) {
  return {
    type: "external_account",
    audience:
      "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh",
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: "https://sts.googleapis.com/v1/token",
    credential_source: { file },
  };
}

const noFetch = () => Promise.reject(new Error("no call expected"));

/** `promise`, or a failure after `ms`: a test of a read that could block never hangs the suite. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A FIFO in a new temporary directory, for `use`; unblocks any reader left on it, then removes it. */
async function withFifo(use: (path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/token.fifo`;
  const made = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.equal(made.code, 0, "mkfifo");
  try {
    await use(path);
  } finally {
    // Opening a FIFO read-write never blocks on Linux, and lets a reader blocked in open() go on
    // to read end-of-file once it is closed.
    (await Deno.open(path, { read: true, write: true })).close();
    await Deno.remove(dir, { recursive: true });
  }
}

async function assertCode(promise: Promise<unknown>, code: string, message: RegExp) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof AuthError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
}

Deno.test("a credential_source.file that is a FIFO is refused at once", async () => {
  await withFifo(async (fifo) => {
    const credentials = credentialsFromJson(externalAccount(fifo), {
      fetch: noFetch,
      signal: AbortSignal.timeout(5_000),
    });
    await within(
      2_000,
      assertCode(credentials.getAccessToken(), "ERR_SUBJECT_TOKEN_FAILED", /not a regular file/),
    );
  });
});

Deno.test("GOOGLE_APPLICATION_CREDENTIALS naming a FIFO is refused at once", async () => {
  await withFifo(async (fifo) => {
    await within(
      2_000,
      assertCode(
        loadCredentials({
          env: { GOOGLE_APPLICATION_CREDENTIALS: fifo },
          fetch: noFetch,
          signal: AbortSignal.timeout(500),
        }),
        "ERR_CREDENTIALS_UNREADABLE",
        /not a regular file/,
      ),
    );
  });
});

Deno.test("a device and a file over 1 MiB are refused before they are read", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // Sparse: 3 GB that take no disk.
    const huge = `${dir}/huge`;
    await Deno.writeTextFile(huge, "");
    await Deno.truncate(huge, 3_000_000_000);
    const justOver = `${dir}/just-over`;
    await Deno.writeTextFile(justOver, "x".repeat(MAX_FILE_BYTES + 1));
    for (
      const [path, problem] of [
        ["/dev/zero", /not a regular file/],
        [huge, /larger than 1048576 bytes/],
        [justOver, /larger than 1048576 bytes/],
      ] as const
    ) {
      const credentials = credentialsFromJson(externalAccount(path), { fetch: noFetch });
      await within(
        2_000,
        assertCode(credentials.getAccessToken(), "ERR_SUBJECT_TOKEN_FAILED", problem),
      );
      await within(
        2_000,
        assertCode(
          loadCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: path }, fetch: noFetch }),
          "ERR_CREDENTIALS_UNREADABLE",
          problem,
        ),
      );
    }
    // A file at the cap is read.
    const atCap = `${dir}/at-cap`;
    await Deno.writeTextFile(atCap, "t".repeat(MAX_FILE_BYTES));
    let body = "";
    const credentials = credentialsFromJson(externalAccount(atCap), {
      fetch: (_url, init) => {
        body = String(init?.body);
        return Promise.resolve(Response.json({ access_token: "federated", expires_in: 3600 }));
      },
    });
    assert.equal((await credentials.getAccessToken()).token, "federated");
    assert.ok(body.includes("t".repeat(MAX_FILE_BYTES)), "the whole file is the subject token");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an injected readFile's text over 1 MiB is refused", async () => {
  const credentials = credentialsFromJson(externalAccount("/token"), {
    fetch: noFetch,
    readFile: () => Promise.resolve("t".repeat(MAX_FILE_BYTES + 1)),
  });
  await assertCode(credentials.getAccessToken(), "ERR_SUBJECT_TOKEN_FAILED", /larger than/);
});

Deno.test("an aborted refresh releases every caller waiting on a read that never ends", async () => {
  const controller = new AbortController();
  const signals: (AbortSignal | undefined)[] = [];
  const credentials = credentialsFromJson(externalAccount("/stuck"), {
    fetch: noFetch,
    signal: controller.signal,
    // A reader that ignores its signal and never settles.
    readFile: (_path, options) => (signals.push(options?.signal), new Promise(() => {})),
  });
  const waiting = [credentials.getAccessToken(), credentials.getAccessToken()];
  await new Promise((resolve) => setTimeout(resolve, 10));
  const reason = new Error("closed");
  controller.abort(reason);
  for (const call of waiting) {
    await within(
      1_000,
      assert.rejects(call, (error) => error === reason),
    );
  }
  // A later call does not wait on the stuck read either.
  await within(1_000, assert.rejects(credentials.getAccessToken(), (error) => error === reason));
  assert.equal(signals.length, 1, "one read shared by both callers");
  assert.equal(signals[0], controller.signal, "the reader is handed the signal");
});

Deno.test("loadCredentials' signal bounds the read of the ADC file", async () => {
  const started = Date.now();
  await within(
    2_000,
    assert.rejects(
      loadCredentials({
        env: { GOOGLE_APPLICATION_CREDENTIALS: "/stuck.json" },
        fetch: noFetch,
        readFile: () => new Promise(() => {}),
        signal: AbortSignal.timeout(100),
      }),
      { name: "TimeoutError" },
    ),
  );
  assert.ok(Date.now() - started < 2_000);
});
