/**
 * `node:crypto` in the step's bundle: `@actions/core` takes only `randomUUID()` from it, for the
 * delimiters of its file commands, and the step's own does not load `node:crypto` (see
 * `action/node/random.ts`), which a run that signs nothing never needs.
 *
 * @module
 */

import type * as Crypto from "node:crypto";
import { randomUUID as fromKernel } from "../node/random.ts";

/** A random (version 4) UUID. */
export const randomUUID: typeof Crypto.randomUUID = () =>
  fromKernel() as ReturnType<typeof Crypto.randomUUID>;
