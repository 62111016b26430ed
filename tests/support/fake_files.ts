// A fake file reader for unit tests: answers from a map of paths, records each path asked for.
import type { ReadFileLike } from "../../auth/mod.ts";

/** The error Node's `readFile` rejects with for a missing file (its `code` is what sources read). */
export function notFound(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: "ENOENT" });
}

/** A reader of `files` (path to text) that records in `read` each path it is asked for. */
export function fakeFiles(
  files: Record<string, string>,
): { readFile: ReadFileLike; read: string[] } {
  const read: string[] = [];
  const readFile: ReadFileLike = (path) => {
    read.push(path);
    return Object.hasOwn(files, path)
      ? Promise.resolve(files[path]!)
      : Promise.reject(notFound(path));
  };
  return { readFile, read };
}
