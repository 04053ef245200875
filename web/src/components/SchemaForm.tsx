/**
 * A form built from a JSON Schema (the orders schema of a prompt kind), so the client knows no
 * game's orders. Covers what order schemas use: objects, arrays, enums and consts, oneOf/anyOf
 * variants, numbers, strings and booleans, local $refs. Anything else is edited as JSON.
 * Strings marked `x-warpost-ref` (hex, piece, box) can also be filled by clicking the board.
 */
import { useState } from 'preact/hooks';

/** A JSON Schema as the API serves it: its keywords are read one by one below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema keywords carry values of many types
export type Schema = { [k: string]: any };
type Path = (string | number)[];

export interface FormContext {
  root: Schema;
  /** Errors from validateOrders, keyed by their path. */
  errorsAt: (path: Path) => string[];
  /** Called when a board-reference field gets focus: later board clicks fill it. */
  onRefFocus: (ref: string, set: (v: string) => void) => void;
  /** What the prompt's choices name for a kind of reference (legal picks), offered as suggestions. */
  refOptions?: (ref: string) => { value: string; label: string }[];
  idPrefix: string;
}

function resolve(s: Schema | undefined, root: Schema): Schema {
  let cur = s ?? {};
  for (let i = 0; i < 20 && typeof cur.$ref === 'string' && cur.$ref.startsWith('#/'); i++) {
    const target = cur.$ref
      .slice(2)
      .split('/')
      .reduce((o: Schema | undefined, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    const { $ref: _ignored, ...rest } = cur;
    cur = { ...(target ?? {}), ...rest };
  }
  return cur;
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null');
  return s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
}

const title = (s: Schema, fallback: string) => s.title ?? humanize(fallback);
const humanize = (k: string) =>
  k
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

/** A starting value for a schema: its default, or an empty value of its type. */
export function emptyValue(s0: Schema, root: Schema): unknown {
  const s = resolve(s0, root);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const variants = s.oneOf ?? s.anyOf;
  if (variants?.length) return emptyValue(variants[0], root);
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => (s.required ?? []).includes(k))
          .map(([k, p]) => [k, emptyValue(p as Schema, root)]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return null;
  }
}

/** Which variant of a oneOf/anyOf a value matches, by its const-valued properties. */
function variantIndex(variants: Schema[], value: unknown, root: Schema): number {
  const i = variants.findIndex((v0) => {
    const v = resolve(v0, root);
    if (v.const !== undefined) return v.const === value;
    if (typeOf(v) !== 'object' || typeof value !== 'object' || value === null) return false;
    return Object.entries(v.properties ?? {}).every(([k, p]) => {
      const ps = resolve(p as Schema, root);
      return ps.const === undefined || (value as Record<string, unknown>)[k] === ps.const;
    });
  });
  return Math.max(0, i);
}

export function SchemaField({
  schema,
  value,
  onChange,
  path,
  name,
  ctx,
}: {
  schema: Schema;
  value: unknown;
  onChange: (v: unknown) => void;
  path: Path;
  name: string;
  ctx: FormContext;
}) {
  const s = resolve(schema, ctx.root);
  const id = `${ctx.idPrefix}-${path.join('-') || 'root'}`;
  const errs = ctx.errorsAt(path);
  const errId = errs.length ? `${id}-err` : undefined;
  const label = title(s, name);
  const help = s.description && <span class="hint">{s.description}</span>;
  const errors = errs.length > 0 && (
    <span class="field-error" id={errId}>
      {errs.join(' ')}
    </span>
  );
  const variants: Schema[] | undefined = s.oneOf ?? s.anyOf;

  if (s.const !== undefined) return null; // fixed by the variant chosen
  if (s.enum || (variants && variants.every((v) => resolve(v, ctx.root).const !== undefined))) {
    const opts: { value: unknown; label: string }[] = s.enum
      ? s.enum.map((v: unknown) => ({ value: v, label: String(v) }))
      : variants!.map((v0) => {
          const v = resolve(v0, ctx.root);
          return { value: v.const, label: v.title ?? String(v.const) };
        });
    const idx = opts.findIndex((o) => o.value === value);
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <select
          id={id}
          name={path.join('.')}
          value={String(idx)}
          aria-invalid={errs.length > 0}
          aria-describedby={errId}
          onChange={(e) => onChange(opts[Number(e.currentTarget.value)]?.value)}
        >
          {idx < 0 && <option value="-1">Choose…</option>}
          {opts.map((o, i) => (
            <option key={i} value={String(i)}>
              {o.label}
            </option>
          ))}
        </select>
        {help}
        {errors}
      </div>
    );
  }
  if (variants) {
    const i = variantIndex(variants, value, ctx.root);
    return (
      <fieldset>
        <legend>{label}</legend>
        <label for={`${id}-variant`}>
          Kind
          <select
            id={`${id}-variant`}
            value={String(i)}
            onChange={(e) => onChange(emptyValue(variants[Number(e.currentTarget.value)], ctx.root))}
          >
            {variants.map((v, j) => (
              <option key={j} value={String(j)}>
                {resolve(v, ctx.root).title ?? variantLabel(resolve(v, ctx.root), j)}
              </option>
            ))}
          </select>
        </label>
        <SchemaField schema={variants[i]} value={value} onChange={onChange} path={path} name={name} ctx={ctx} />
        {errors}
      </fieldset>
    );
  }
  switch (typeOf(s)) {
    case 'object': {
      const obj = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
      const required: string[] = s.required ?? [];
      return (
        <fieldset>
          {path.length > 0 && <legend>{label}</legend>}
          {help}
          {Object.entries(s.properties ?? {}).map(([k, p]) => {
            const present = k in obj;
            const ps = resolve(p as Schema, ctx.root);
            const optional = !required.includes(k) && ps.const === undefined;
            return (
              <div class="prop" key={k}>
                {optional && (
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={present}
                      onChange={(e) => {
                        const next = { ...obj };
                        if (e.currentTarget.checked) next[k] = emptyValue(ps, ctx.root);
                        else delete next[k];
                        onChange(next);
                      }}
                    />
                    Include {title(ps, k).toLowerCase()}
                  </label>
                )}
                {(present || !optional) && (
                  <SchemaField
                    schema={p as Schema}
                    value={ps.const !== undefined ? ps.const : obj[k]}
                    name={k}
                    path={[...path, k]}
                    ctx={ctx}
                    onChange={(v) => onChange({ ...obj, [k]: v })}
                  />
                )}
              </div>
            );
          })}
          {errors}
        </fieldset>
      );
    }
    case 'array': {
      const arr = Array.isArray(value) ? value : [];
      const item = (s.items ?? {}) as Schema;
      const max = s.maxItems ?? Infinity;
      return (
        <fieldset>
          <legend>{label}</legend>
          {help}
          {arr.length === 0 && <p class="hint">None yet.</p>}
          <ol class="items">
            {arr.map((v, i) => (
              <li key={i}>
                <SchemaField
                  schema={item}
                  value={v}
                  name={`${title(resolve(item, ctx.root), name)} ${i + 1}`}
                  path={[...path, i]}
                  ctx={ctx}
                  onChange={(nv) => onChange(arr.map((x, j) => (j === i ? nv : x)))}
                />
                <button
                  type="button"
                  onClick={() => onChange(arr.filter((_, j) => j !== i))}
                  aria-label={`Remove ${label} ${i + 1}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          {arr.length < max && (
            <button type="button" onClick={() => onChange([...arr, emptyValue(item, ctx.root)])}>
              Add {label.toLowerCase()}
            </button>
          )}
          {errors}
        </fieldset>
      );
    }
    case 'integer':
    case 'number':
      return (
        <div class="field">
          <label for={id}>{label}</label>
          <input
            id={id}
            name={path.join('.')}
            type="number"
            step={typeOf(s) === 'integer' ? 1 : 'any'}
            min={s.minimum}
            max={s.maximum}
            value={typeof value === 'number' ? String(value) : ''}
            aria-invalid={errs.length > 0}
            aria-describedby={errId}
            onInput={(e) => onChange(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value))}
          />
          {help}
          {errors}
        </div>
      );
    case 'boolean':
      return (
        <label class="check" for={id}>
          <input
            id={id}
            name={path.join('.')}
            type="checkbox"
            checked={value === true}
            aria-describedby={errId}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          {label}
          {help}
          {errors}
        </label>
      );
    case 'string': {
      const ref = s['x-warpost-ref'] as string | undefined;
      const options = ref ? (ctx.refOptions?.(ref) ?? []) : [];
      const listId = options.length ? `${id}-choices` : undefined;
      return (
        <div class="field">
          <label for={id}>{label}</label>
          {ref && <span class="hint">A {ref}: type it, or click one on the board while this field has focus.</span>}
          <input
            id={id}
            name={path.join('.')}
            type="text"
            maxLength={s.maxLength}
            value={typeof value === 'string' ? value : ''}
            data-ref={ref}
            list={listId}
            aria-invalid={errs.length > 0}
            aria-describedby={errId}
            onFocus={() => ref && ctx.onRefFocus(ref, (v) => onChange(v))}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
          {listId && (
            <datalist id={listId}>
              {options.map((o) => (
                <option key={o.value} value={o.value} label={o.label} />
              ))}
            </datalist>
          )}
          {help}
          {errors}
        </div>
      );
    }
    default:
      return <JsonField id={id} label={label} value={value} onChange={onChange} errors={errs} />;
  }
}

function variantLabel(v: Schema, j: number) {
  const c = Object.values(v.properties ?? {})
    .map((p) => (p as Schema).const)
    .find((x) => x !== undefined);
  return c !== undefined ? String(c) : `Option ${j + 1}`;
}

/** Free JSON editing, for orders without a schema or parts a form cannot show. */
export function JsonField({
  id,
  label,
  value,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  errors: string[];
}) {
  const [text, setText] = useState(JSON.stringify(value ?? null, null, 2));
  const [bad, setBad] = useState(false);
  return (
    <div class="field">
      <label for={id}>{label} (JSON)</label>
      <textarea
        id={id}
        name={id}
        rows={6}
        value={text}
        spellcheck={false}
        aria-invalid={bad || errors.length > 0}
        onInput={(e) => {
          const t = e.currentTarget.value;
          setText(t);
          try {
            onChange(JSON.parse(t));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad && <span class="field-error">This is not valid JSON yet.</span>}
      {errors.length > 0 && <span class="field-error">{errors.join(' ')}</span>}
    </div>
  );
}
