// The environment variables loadCredentials() shares with google-auth-library and Python
// google-auth (docs/credentials.md, "Environment variables"): GOOGLE_CLOUD_QUOTA_PROJECT,
// GCE_METADATA_HOST/ROOT/IP, METADATA_SERVER_DETECTION, NO_GCE_CHECK, GCE_METADATA_TIMEOUT and
// GCE_METADATA_DETECT_RETRIES.
import assert from "node:assert/strict";
import { CredentialsError, loadCredentials } from "../../../auth/mod.ts";
import { withEmulator } from "../../../tools/emulator_calls.ts";

const noFiles = () => Promise.reject(Object.assign(new Error("ENOENT"), { code: "ENOENT" }));

/** Each of `values` of the variable `name` is ERR_OPTIONS_INVALID naming the variable. */
async function assertRefused(env: Record<string, string>, name: string, values: string[]) {
  for (const value of values) {
    await assert.rejects(
      loadCredentials({ env: { ...env, [name]: value }, readFile: noFiles }),
      (error: Error) =>
        error instanceof CredentialsError && error.code === "ERR_OPTIONS_INVALID" &&
        error.message.includes(name),
      value,
    );
  }
}

Deno.test("GOOGLE_CLOUD_QUOTA_PROJECT bills found credentials, not ones passed in", async () => {
  await withEmulator({}, async (emulator) => {
    const user = await emulator.authorizedUser({ quotaProjectId: "from-file" });
    const env = { GOOGLE_CLOUD_QUOTA_PROJECT: "from-env" };
    const fromVariable = await loadCredentials({
      env: { ...env, GOOGLE_APPLICATION_CREDENTIALS: "/adc.json" },
      readFile: () => Promise.resolve(user),
    });
    assert.equal(fromVariable.quotaProjectId, "from-env");
    assert.equal((await fromVariable.getRequestHeaders())["x-goog-user-project"], "from-env");
    const wellKnown = await loadCredentials({
      env: { ...env, HOME: "/home/u" },
      readFile: (path) =>
        path === "/home/u/.config/gcloud/application_default_credentials.json"
          ? Promise.resolve(user)
          : noFiles(),
    });
    assert.equal(wellKnown.quotaProjectId, "from-env");
    const metadata = await loadCredentials({
      env: { ...env, GCE_METADATA_HOST: emulator.metadataHost },
      readFile: noFiles,
    });
    assert.equal((await metadata.getRequestHeaders())["x-goog-user-project"], "from-env");
    const passed = await loadCredentials({ env, credentials: user });
    assert.equal(passed.quotaProjectId, "from-file");
    const unset = await loadCredentials({ env: {}, credentials: user });
    assert.equal(unset.quotaProjectId, "from-file");
  });
});

Deno.test("GCE_METADATA_HOST, then GCE_METADATA_ROOT, then GCE_METADATA_IP name the metadata server", async () => {
  await withEmulator({}, async (emulator) => {
    const host = emulator.metadataHost;
    const nowhere = "127.0.0.1:9"; // the discard port: nothing answers there
    const found = async (env: Record<string, string>) =>
      (await loadCredentials({ env, readFile: noFiles })).type;
    assert.equal(
      await found({ GCE_METADATA_HOST: host, GCE_METADATA_IP: nowhere }),
      "metadata_server",
    );
    assert.equal(
      await found({ GCE_METADATA_ROOT: host, GCE_METADATA_IP: nowhere }),
      "metadata_server",
    );
    assert.equal(await found({ GCE_METADATA_IP: host }), "metadata_server");
    assert.equal(await found({ GCE_METADATA_HOST: `http://${host}/` }), "metadata_server");
    await assert.rejects(
      loadCredentials({
        env: { GCE_METADATA_HOST: nowhere, GCE_METADATA_IP: host },
        readFile: noFiles,
      }),
      { code: "ERR_CREDENTIALS_NOT_FOUND", message: /at http:\/\/127\.0\.0\.1:9 \(no answer\)/ },
    );
  });
});

Deno.test("NO_GCE_CHECK=true, exactly, skips the metadata server unless METADATA_SERVER_DETECTION says otherwise", async () => {
  await withEmulator({}, async (emulator) => {
    const env = { GCE_METADATA_HOST: emulator.metadataHost };
    await assert.rejects(
      loadCredentials({ env: { ...env, NO_GCE_CHECK: "true" }, readFile: noFiles }),
      {
        code: "ERR_CREDENTIALS_NOT_FOUND",
        message: /the metadata server \(NO_GCE_CHECK\)$/,
      },
    );
    // As Python google-auth 2.48+ compares it: `os.getenv("NO_GCE_CHECK") == "true"`.
    for (const value of ["TRUE", "True", " true ", "false", "1", ""]) {
      const credentials = await loadCredentials({
        env: { ...env, NO_GCE_CHECK: value },
        readFile: noFiles,
      });
      assert.equal(credentials.type, "metadata_server", value);
    }
    const detection = await loadCredentials({
      env: { ...env, NO_GCE_CHECK: "true", METADATA_SERVER_DETECTION: "ping-only" },
      readFile: noFiles,
    });
    assert.equal(detection.type, "metadata_server");
    assert.equal(emulator.requests.length > 0, true);
  });
});

Deno.test("GCE_METADATA_TIMEOUT sets the probe's wait in seconds; a bad value is ERR_OPTIONS_INVALID", async () => {
  await withEmulator({}, async (emulator) => {
    const env = { GCE_METADATA_HOST: emulator.metadataHost };
    emulator.injectFault("metadata", { delayMs: 1500, times: 1 });
    await assert.rejects(loadCredentials({ env, readFile: noFiles }), {
      code: "ERR_CREDENTIALS_NOT_FOUND",
    });
    emulator.injectFault("metadata", { delayMs: 1500, times: 1 });
    const patient = await loadCredentials({
      env: { ...env, GCE_METADATA_TIMEOUT: "3" },
      readFile: noFiles,
    });
    assert.equal(patient.type, "metadata_server");
    await assertRefused(env, "GCE_METADATA_TIMEOUT", ["0", "1.5", "soon", "-2"]);
  });
});

Deno.test("GCE_METADATA_DETECT_RETRIES sets the probe's attempts; 0 skips it; a bad value is ERR_OPTIONS_INVALID", async () => {
  await withEmulator({}, async (emulator) => {
    const env = { GCE_METADATA_HOST: emulator.metadataHost };
    const probes = () => emulator.requests.filter((r) => r.route === "metadata").length;
    // Two dropped connections: one attempt (the default) finds nothing, three find the server.
    emulator.injectFault("metadata", { reset: true, times: 2 });
    await assert.rejects(loadCredentials({ env, readFile: noFiles }), {
      code: "ERR_CREDENTIALS_NOT_FOUND",
    });
    emulator.clearFaults(); // the second reset the single attempt left
    emulator.injectFault("metadata", { reset: true, times: 2 });
    const before = probes();
    const patient = await loadCredentials({
      env: { ...env, GCE_METADATA_DETECT_RETRIES: "3" },
      readFile: noFiles,
    });
    assert.equal(patient.type, "metadata_server");
    assert.equal(probes() - before, 3);
    const none = probes();
    await assert.rejects(
      loadCredentials({ env: { ...env, GCE_METADATA_DETECT_RETRIES: "0" }, readFile: noFiles }),
      {
        code: "ERR_CREDENTIALS_NOT_FOUND",
        message: /the metadata server \(GCE_METADATA_DETECT_RETRIES=0\)$/,
      },
    );
    assert.equal(probes(), none, "no attempt");
    await assertRefused(env, "GCE_METADATA_DETECT_RETRIES", ["-1", "1.5", "three", "11"]);
  });
});
