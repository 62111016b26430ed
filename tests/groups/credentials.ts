// The test files run in one isolate (see groups_test.ts): the credentials library: parsing,
// sources, Application Default Credentials, the cache, runtimes, google-auth-library.
import "../auth/credentials_adc_test.ts";
import "../auth/credentials_cache_test.ts";
import "../auth/credentials_differential_test.ts";
import "../auth/credentials_emulator_test.ts";
import "../auth/credentials_parse_test.ts";
import "../auth/credentials_private_key_test.ts";
import "../auth/credentials_sources_test.ts";
import "../auth/credentials_worker_test.ts";
import "../auth/google_auth_library_test.ts";
