/**
 * A keyed lookup with a primary table, and further sources consulted after it only while a caller
 * runs inside `within`. A module reads its scenarios through one; another module that derives
 * scenarios for it (the Prefect Campaign runs the Space and Planetary modules on scenarios of its
 * own) runs those calls within a source of its own instead of writing into the first module's
 * data pack or registering the source at import time: the pack, the scenarios the module offers
 * and what it resolves outside those calls stay as shipped, whatever was imported before.
 */
export interface Lookup<T> {
  /** The entry for `id`, or undefined (callers index by ids taken from a validated state). */
  get(id: string): T;
  /** Runs `fn` (synchronously, as rules code is) with `source` consulted after the others, then drops it. */
  within<R>(source: (id: string) => T | undefined, fn: () => R): R;
}

export function lookupWithSources<T>(primary: (id: string) => T | undefined): Lookup<T> {
  const sources: Array<(id: string) => T | undefined> = [];
  return {
    get(id) {
      let found = primary(id);
      for (const s of sources) found ??= s(id);
      return found as T;
    },
    within(source, fn) {
      sources.push(source);
      try {
        return fn();
      } finally {
        sources.pop();
      }
    },
  };
}
