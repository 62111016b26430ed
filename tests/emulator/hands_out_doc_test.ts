// docs/emulator.md's "What it hands out" is one table, true to the emulator: every member of a
// running emulator is in it, `endpoints` lists every base URL, and `fetch` names every host it
// sends to the emulator.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startEmulator } from "../../emulator/mod.ts";
import { emulatedUrl } from "../../emulator/_core/google_fetch.ts";

/** The rows of the section's table: first cell and second cell. */
function handsOutRows(): [string, string][] {
  const text = readFileSync(new URL("../../docs/emulator.md", import.meta.url), "utf8");
  const sections = text.split(/^## /m).filter((section) => section.startsWith("What it hands out"));
  assert.equal(sections.length, 1, "one section");
  const headers = sections[0]!.split("\n").filter((line) => /^\|\s*member\s*\|/.test(line));
  assert.equal(headers.length, 1, "one table in the section");
  return sections[0]!.split("\n").filter((line) => line.startsWith("| `")).map((line) => {
    const [, member = "", what = ""] = line.split("|").map((cell) => cell.trim());
    return [member, what];
  });
}

Deno.test("docs/emulator.md hands out one table that names every member, base URL and host", async () => {
  const rows = handsOutRows();
  const row = (member: string) => {
    const found = rows.filter(([cell]) => new RegExp(`\`(await )?${member}(?!\\w)`).test(cell));
    assert.equal(found.length, 1, `one row names ${member}`);
    return found[0]![1];
  };
  const emulator = await startEmulator();
  try {
    for (const member of Object.keys(emulator)) row(member);
    row("\\[Symbol\\.asyncDispose\\]");
    const endpoints = row("endpoints");
    for (const name of Object.keys(emulator.endpoints)) {
      assert.match(endpoints, new RegExp(`\`${name}\``));
    }
  } finally {
    await emulator.close();
  }
  const fetch = row("fetch");
  const base = "http://127.0.0.1:1";
  for (
    const service of ["oauth2", "sts", "iamcredentials", "cloudresourcemanager", "storage", "www"]
  ) {
    assert.ok(emulatedUrl(new URL(`https://${service}.googleapis.com/x`), base, "googleapis.com"));
    assert.match(fetch, new RegExp(`\`(https://)?${service}[.\`]`), service);
  }
  for (
    const host of [
      "http://metadata.google.internal",
      "http://169.254.169.254",
      "https://www.gstatic.com",
    ]
  ) {
    assert.ok(emulatedUrl(new URL(`${host}/x`), base, "googleapis.com"), host);
    assert.ok(fetch.includes(`\`${host}`), host);
  }
});
