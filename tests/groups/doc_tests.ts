// Runs the test files of the group named like this module in one isolate: the group's folders
// are in tests/support/test_groups.ts.
import { importGroup } from "../support/test_groups.ts";

await importGroup(import.meta.url);
