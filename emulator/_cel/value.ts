// The values of the CEL subset, apart from the evaluator: the parser makes literals of them and
// the evaluator computes with them.

/** A CEL value as the emulator uses it. */
export type CelValue =
  | string
  | number
  | boolean
  | null
  | readonly CelValue[]
  | { readonly [key: string]: CelValue };
