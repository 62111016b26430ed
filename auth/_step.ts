// The workflow step's entry into auth/, beside the published ones: what the step needs that no
// library user should rely on (its one validation with its input names, the quoting of values in
// messages, the key checks its Node signer repeats). Not in deno.json's exports, so not published;
// tests/layers_test.ts lets action/ import auth/ only through this file and the published entries.
export {
  checkAuthenticateOptions,
  lifetimeProblem,
  type OptionNames,
  type ValidatedAuthenticateOptions,
} from "./authenticate/options.ts";
export { quote } from "./_util/quote.ts";
export { secretForms } from "./_util/redact.ts";
export { MIN_MODULUS_BITS, pkcs8Base64 } from "./keys/_private_key.ts";
