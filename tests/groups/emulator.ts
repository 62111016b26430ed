// The test files run in one isolate (see groups_test.ts): the emulator's services and command.
import "../emulator/cel_conformance_test.ts";
import "../emulator/cel_test.ts";
import "../emulator/cli_test.ts";
import "../emulator/emulator_test.ts";
import "../emulator/github_oidc_test.ts";
import "../emulator/google_auth_library_test.ts";
import "../emulator/iam_credentials_test.ts";
import "../emulator/key_file_test.ts";
import "../emulator/memory_test.ts";
import "../emulator/metadata_test.ts";
import "../emulator/oauth2_credentials_test.ts";
import "../emulator/oauth2_test.ts";
import "../emulator/resource_manager_test.ts";
import "../emulator/sts_test.ts";
