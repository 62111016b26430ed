/**
 * The core-shaped object the step's `run()` functions take: inputs, outputs, state, exported
 * variables, masks and logs. The bundled entry points pass `@actions/core`'s functions; tests pass
 * an in-memory fake.
 *
 * @module
 */

/** What the step needs from the runner (the subset of `@actions/core` it uses). */
export interface ActionCore {
  /** The input's value, trimmed; `""` when it is not set. */
  getInput(name: string): string;
  /** Sets a step output. */
  setOutput(name: string, value: string): void;
  /** Saves a value the post step reads with {@linkcode ActionCore.getState}. */
  saveState(name: string, value: string): void;
  /** A value saved by the main step; `""` when there is none. */
  getState(name: string): string;
  /**
   * Prepends a directory to `PATH` for this and later steps (needed by `docker_registries`
   * only, so fakes of the other inputs may leave it out).
   */
  addPath?(directory: string): void;
  /** Exports an environment variable to this and later steps. */
  exportVariable(name: string, value: string): void;
  /** Registers a secret: the runner replaces it with `***` in every later log line. */
  setSecret(value: string): void;
  /** Whether step debug logging is on. */
  isDebug(): boolean;
  /** Writes a debug line (shown only with step debug logging). */
  debug(message: string): void;
  /** Writes a log line. */
  info(message: string): void;
  /** Writes a notice annotation. */
  notice(message: string): void;
  /** Writes a warning annotation. */
  warning(message: string): void;
  /** Writes an error annotation and marks the step failed (exit code 1). */
  setFailed(message: string): void;
}
