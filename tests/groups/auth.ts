// The test files run in one isolate (see groups_test.ts): auth/'s flows, options, errors,
// redaction, retries and signing.
import "../auth/authenticate_options_test.ts";
import "../auth/authenticate_test.ts";
import "../auth/base64url_test.ts";
import "../auth/emulator_flows_test.ts";
import "../auth/errors_test.ts";
import "../auth/redact_test.ts";
import "../auth/retry_test.ts";
import "../auth/runtime_checks_test.ts";
import "../auth/self_signed_jwt_test.ts";
import "../auth/service_account_key_test.ts";
import "../auth/workload_identity_test.ts";
