// The test files run in one isolate (see groups_test.ts): auth/'s flows, options, errors,
// redaction, retries and signing.
import "../auth/authenticate/options_test.ts";
import "../auth/authenticate/authenticate_test.ts";
import "../auth/_util/base64url_test.ts";
import "../auth/flows/emulator_flows_test.ts";
import "../auth/errors_test.ts";
import "../auth/_util/redact_test.ts";
import "../auth/_transport/retry_test.ts";
import "../auth/runtime_checks_test.ts";
import "../auth/keys/jwt_test.ts";
import "../auth/keys/service_account_key_test.ts";
import "../auth/flows/workload_identity_test.ts";
