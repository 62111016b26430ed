// The test files run in one isolate (see groups_test.ts): auth/ against failing and hostile
// servers: fault matrices, bounds, load.
import "../auth/emulator_fault_matrix_test.ts";
import "../auth/fault_matrix_test.ts";
import "../auth/hostile_input_test.ts";
import "../auth/_transport/http_test.ts";
import "../auth/credentials/load_test.ts";
