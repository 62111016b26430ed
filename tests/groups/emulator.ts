// The test files run in one isolate (see groups_test.ts): the emulator's services and command.
import "../emulator/cel/cel_conformance_test.ts";
import "../emulator/cel/cel_test.ts";
import "../emulator/_core/cli_test.ts";
import "../emulator/emulator_test.ts";
import "../emulator/services/github_oidc_test.ts";
import "../emulator/google_auth_library_test.ts";
import "../emulator/services/iam_credentials_test.ts";
import "../emulator/_core/key_pool_test.ts";
import "../emulator/memory_test.ts";
import "../emulator/services/metadata_server_test.ts";
import "../emulator/_core/credentials_files_test.ts";
import "../emulator/services/oauth2_test.ts";
import "../emulator/services/resource_manager_test.ts";
import "../emulator/services/sts_test.ts";
