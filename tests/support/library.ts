// Every value the library's published entries export, as one object: for the cross-runtime checks,
// which take the library as a namespace (`auth/mod.ts` held all of it before the entries by job).
import * as auth from "../../auth/mod.ts";
import * as flows from "../../auth/flows/mod.ts";
import * as keys from "../../auth/keys/mod.ts";
import * as signing from "../../auth/signing/mod.ts";
import * as verify from "../../auth/verify/mod.ts";

/** The values of `./auth`, `./flows`, `./keys`, `./signing` and `./verify`, merged. */
export const library = { ...auth, ...flows, ...keys, ...signing, ...verify };
