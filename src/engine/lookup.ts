/**
 * A keyed lookup with a primary table and further sources consulted after it. A module reads its
 * scenarios through one; another module that derives scenarios for it (the Prefect Campaign runs
 * the Space and Planetary modules on scenarios of its own) adds a source instead of writing into
 * the first module's data pack, so the pack and the scenarios the module offers stay as shipped.
 */
export interface Lookup<T> {
  /** The entry for `id`, or undefined (callers index by ids taken from a validated state). */
  get(id: string): T;
  addSource(source: (id: string) => T | undefined): void;
}

export function lookupWithSources<T>(primary: (id: string) => T | undefined): Lookup<T> {
  const sources: Array<(id: string) => T | undefined> = [];
  return {
    get(id) {
      let found = primary(id);
      for (const s of sources) found ??= s(id);
      return found as T;
    },
    addSource(source) {
      sources.push(source);
    },
  };
}
