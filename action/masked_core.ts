import type { ActionCore } from "./core.ts";

/** An {@linkcode ActionCore} that remembers every secret it masks. */
export interface MaskedCore extends ActionCore {
  /** Masks `value` once (repeated or empty values are ignored). */
  setSecret(value: string): void;
}

/**
 * Wraps `core` so every secret is masked once, and every log line and annotation has the secrets
 * seen so far replaced by `***` before it is written (defence in depth: the runner masks them
 * too, but a local run or another runner may not).
 */
export function maskedCore(core: ActionCore): MaskedCore {
  const secrets = new Set<string>();
  const redact = (text: string): string => {
    let result = text;
    for (const secret of secrets) result = result.replaceAll(secret, "***");
    return result;
  };
  return {
    ...core,
    setSecret: (value) => {
      if (value === "" || secrets.has(value)) return;
      core.setSecret(value);
      secrets.add(value);
    },
    debug: (message) => core.debug(redact(message)),
    info: (message) => core.info(redact(message)),
    notice: (message) => core.notice(redact(message)),
    warning: (message) => core.warning(redact(message)),
    setFailed: (message) => core.setFailed(redact(message)),
  };
}
