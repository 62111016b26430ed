// The test files run in one isolate (see groups_test.ts): the credentials library: parsing,
// sources, Application Default Credentials, the cache, runtimes, google-auth-library.
import "../auth/credentials/adc_test.ts";
import "../auth/credentials/cache_test.ts";
import "../auth/credentials/differential_test.ts";
import "../auth/credentials/emulator_test.ts";
import "../auth/credentials/parse_test.ts";
import "../auth/credentials/private_key_test.ts";
import "../auth/credentials/sources_test.ts";
import "../auth/credentials/worker_test.ts";
import "../auth/credentials/google_auth_library_test.ts";
