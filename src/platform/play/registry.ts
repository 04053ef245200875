/** The game modules this server runs. The platform sees them only through the kernel contract. */
import type { AnyModule, Json, OptionSpec } from '#engine/contract.js';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../errors.js';

export class ModuleRegistry {
  private readonly modules = new Map<string, AnyModule>();

  constructor(modules: AnyModule[] = []) {
    for (const m of modules) this.register(m);
  }

  register(m: AnyModule) {
    if (this.modules.has(m.id)) throw new Error(`module ${m.id} registered twice`);
    this.modules.set(m.id, m);
  }

  get(id: string): AnyModule {
    const m = this.modules.get(id);
    if (!m)
      throw new AppError('UNKNOWN_MODULE', `No game module "${id}" on this server.`, [], {
        known: [...this.modules.keys()],
      });
    return m;
  }

  list(): AnyModule[] {
    return [...this.modules.values()];
  }
}

/** Checks game options against the module's specs and fills in documented defaults. */
export function resolveOptions(specs: OptionSpec[], given: Record<string, unknown> = {}): Record<string, Json> {
  const errors = [];
  const out: Record<string, Json> = {};
  for (const key of Object.keys(given)) {
    if (!specs.some((s) => s.id === key))
      errors.push({ code: 'UNKNOWN_OPTION', path: ['options', key], message: `No option "${key}".` });
  }
  for (const spec of specs) {
    const v = given[spec.id];
    if (v === undefined) {
      out[spec.id] = spec.default;
    } else if (typeof v !== spec.type || (spec.values && !spec.values.includes(v as string))) {
      const allowed = spec.values ? `one of ${spec.values.join(', ')}` : `a ${spec.type}`;
      errors.push({
        code: 'INVALID_OPTION',
        path: ['options', spec.id],
        message: `Option "${spec.id}" must be ${allowed}.`,
      });
    } else {
      out[spec.id] = v as Json;
    }
  }
  if (errors.length) throw new AppError('INVALID_OPTION', 'Some game options are not valid.', errors);
  return out;
}

/**
 * Loads extra module files (Config.extraModules, from WARPOST_EXTRA_MODULES; a comma-separated
 * string is split too). Relative paths are taken from the working directory, not from this file,
 * as a shell user expects.
 */
export async function loadExtraModules(
  spec: string | readonly string[] | undefined,
  cwd = process.cwd(),
): Promise<AnyModule[]> {
  if (!spec) return [];
  const paths = typeof spec === 'string' ? spec.split(',') : spec;
  const mods: AnyModule[] = [];
  for (const path of paths.map((s) => s.trim()).filter(Boolean)) {
    const m = await import(pathToFileURL(isAbsolute(path) ? path : resolve(cwd, path)).href);
    mods.push(m.default ?? m.module);
  }
  return mods;
}
