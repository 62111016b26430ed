// The request checks as a Worker for workerd (`workerd test`): the emulator's service account key
// and Cloud Storage URL come in the EMULATOR binding, and every call of the last check goes over
// workerd's own fetch to the emulator on 127.0.0.1. A failed check fails the test handler.
import * as authMod from "../../auth/mod.ts";
import * as requestMod from "../../request/mod.ts";
import check from "./request_checks.mjs";

export default {
  /** @param {unknown} _controller @param {{ EMULATOR: { key: string, storageUrl: string } }} env */
  async test(_controller, env) {
    // A failed check throws with its cause in the message, which workerd prints.
    console.log(`request ${await check(requestMod, authMod, env.EMULATOR)}`);
  },
};
