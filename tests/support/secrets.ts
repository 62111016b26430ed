/**
 * The secrets a test looks for in logs, errors and files: a service account key's text and
 * private key lines, and what went over the wire to the emulator (bearer tokens, subject tokens,
 * assertions).
 *
 * @module
 */
import type { RecordedRequest } from "../../emulator/mod.ts";

/** Secret values in a key JSON: the whole text and every private key line. */
export function keySecrets(keyJson: string): string[] {
  const key = JSON.parse(keyJson) as { private_key?: string };
  const lines = (key.private_key ?? "").split("\n").map((line) => line.trim()).filter((line) =>
    line.length >= 16 && !line.startsWith("-----")
  );
  return [keyJson, ...lines];
}

/** Secret values seen on the wire: bearer tokens, subject tokens, assertions. */
export function requestSecrets(requests: readonly RecordedRequest[]): string[] {
  const found: string[] = [];
  for (const { headers, body } of requests) {
    const bearer = /^bearer\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1];
    if (bearer !== undefined) found.push(bearer);
    let fields: Record<string, unknown> = {};
    try {
      fields = JSON.parse(body) as Record<string, unknown>;
    } catch {
      fields = Object.fromEntries(new URLSearchParams(body));
    }
    for (const name of ["subjectToken", "subject_token", "assertion"]) {
      if (typeof fields[name] === "string" && fields[name] !== "") found.push(fields[name]);
    }
  }
  return found;
}
