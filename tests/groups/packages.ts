// Runs the test files of the group named like this module in one isolate: the group's folders
// are in tests/_helpers/test_groups.ts.
import { importGroup } from "../_helpers/test_groups.ts";

await importGroup(import.meta.url);
