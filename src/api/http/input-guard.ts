/**
 * Checks on untrusted JSON before it reaches the platform: PostgreSQL cannot store U+0000 in
 * text or JSON, text with a lone UTF-16 surrogate is not Unicode (the database driver fails on
 * it), and deeply nested values would exhaust recursion in hashing and storage. All are refused
 * as BAD_INPUT at the edge instead of surfacing as server errors later.
 */
import { AppError, type ErrorDetail } from '#platform/errors.js';

export const MAX_JSON_DEPTH = 64;

type Path = (string | number)[];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text that is not well-formed Unicode (JSON may escape such a string; nothing can store it). */
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

/** The first problem in `value`, walking iteratively (the input itself may be very deep). */
export function findUnsafeJson(value: unknown, root: Path = []): ErrorDetail | null {
  const stack: { v: unknown; path: Path }[] = [{ v: value, path: root }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return nulDetail(path);
      if (hasLoneSurrogate(v)) return surrogateDetail(path);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (path.length - root.length >= MAX_JSON_DEPTH) {
      return { code: 'TOO_DEEP', path, message: `Values may nest at most ${MAX_JSON_DEPTH} levels deep.` };
    }
    if (Array.isArray(v)) v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
    else {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return nulDetail(path);
        if (hasLoneSurrogate(k)) return surrogateDetail(path);
        stack.push({ v: item, path: [...path, k] });
      }
    }
  }
  return null;
}

function surrogateDetail(path: Path): ErrorDetail {
  return { code: 'INVALID_TEXT', path, message: 'Text must be well-formed Unicode (a lone UTF-16 surrogate is not).' };
}

function nulDetail(path: Path): ErrorDetail {
  return { code: 'NUL_CHARACTER', path, message: 'Text may not contain the NUL character (U+0000).' };
}

export function assertSafeJson(value: unknown, root: Path = []): void {
  const problem = findUnsafeJson(value, root);
  if (problem) throw new AppError('BAD_INPUT', `The request is not valid: ${problem.message}`, [problem]);
}
