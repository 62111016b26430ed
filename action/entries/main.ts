// dist/main.mjs: the step's main phase under Node.
import { runNodeStep } from "./node_step.ts";

await runNodeStep();
