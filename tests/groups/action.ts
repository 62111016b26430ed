// The test files run in one isolate (see groups_test.ts): the step's modules tested in-process:
// inputs, outputs, the runner protocol, files, the node transport and proxy, signing.
import "../action/action_yml_test.ts";
import "../action/bad_inputs_test.ts";
import "../action/credentials_file_test.ts";
import "../action/node/stdout_test.ts";
import "../action/hygiene_test.ts";
import "../action/input_parsers_test.ts";
import "../action/local_run_test.ts";
import "../action/main_test.ts";
import "../action/node/fetch_test.ts";
import "../action/node/rs256_test.ts";
import "../action/post_test.ts";
import "../action/node/proxy_test.ts";
import "../action/node/random_test.ts";
import "../action/step_bundle_test.ts";
