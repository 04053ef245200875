/**
 * Query cost control. Every operation is checked for depth (a validation rule, so the verdict
 * is cached with the parsed document) and for estimated cost (fields, multiplied by the list
 * sizes it asks for, computed with the actual variables before execution). Introspection is
 * bounded by graphql-js's own MaxIntrospectionDepthRule and its entry points carry a flat cost
 * (INTROSPECTION_COST), so aliased or nested introspection cannot be used to burn CPU.
 */
import type {
  ASTVisitor,
  DocumentNode,
  GraphQLInputType,
  GraphQLSchema,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { MAX_JSON_DEPTH } from '../http/input-guard.js';
import { graphql } from './graphql-cjs.js';

const {
  GraphQLError,
  Kind,
  specifiedRules,
  validate,
  visit,
  typeFromAST,
  isNonNullType,
  isListType,
  isEnumType,
  isInputObjectType,
  isScalarType,
} = graphql;
type GraphQLError = InstanceType<typeof GraphQLError>;

export interface GraphQLLimits {
  maxDepth: number;
  maxComplexity: number;
}

/** Thrown before execution: the whole request is refused (no `data` in the response). */
export class GraphQLRequestError extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors[0]?.message ?? 'The GraphQL request is not valid.');
    this.name = 'GraphQLRequestError';
  }

  /** Mercurius sends a subscription's errors as one error with these extensions. */
  get extensions() {
    const first = this.errors[0];
    return first ? { details: [], ...first.extensions, code: requestErrorCode(first) } : undefined;
  }
}

const COERCION = /^Variable "\$[^"]*" (got invalid value|of non-null type|of required type)/;

/** The code of an error that refuses a request: set by our rules, else from graphql-js's message. */
export function requestErrorCode(e: { message: string; extensions?: Record<string, unknown> }): string {
  if (typeof e.extensions?.code === 'string') return e.extensions.code;
  if (e.message.startsWith('Syntax Error')) return 'GRAPHQL_PARSE_FAILED';
  return COERCION.test(e.message) ? 'INVALID_VARIABLES' : 'GRAPHQL_VALIDATION_FAILED';
}

const limitError = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code, details: [], ...extra } });

/** Field nesting of a selection set through fragments, with or without introspection fields. */
function nesting(context: ValidationContext, countIntrospection: boolean) {
  const memo = new Map<string, number>();
  const depthOf = (set: SelectionSetNode, visiting: Set<string>): number => {
    let max = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (!countIntrospection && sel.name.value.startsWith('__')) continue;
        max = Math.max(max, 1 + (sel.selectionSet ? depthOf(sel.selectionSet, visiting) : 0));
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        max = Math.max(max, depthOf(sel.selectionSet, visiting));
      } else {
        const name = sel.name.value;
        const fragment = context.getFragment(name);
        if (!fragment || visiting.has(name)) continue; // unknown or cyclic: other rules report it
        if (!memo.has(name)) {
          visiting.add(name);
          memo.set(name, depthOf(fragment.selectionSet, visiting));
          visiting.delete(name);
        }
        max = Math.max(max, memo.get(name)!);
      }
    }
    return max;
  };
  return (set: SelectionSetNode) => depthOf(set, new Set());
}

/** Field nesting of each operation, through fragments; introspection fields are not counted. */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const depthOf = nesting(context, false);
    return {
      OperationDefinition(op) {
        const depth = depthOf(op.selectionSet);
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(
              `The operation${op.name ? ` "${op.name.value}"` : ''} nests fields ${depth} levels deep; the limit is ${maxDepth}.`,
              {
                nodes: [op],
                extensions: { code: 'QUERY_TOO_DEEP', details: [], depth, limit: maxDepth },
              },
            ),
          );
        }
      },
    };
  };
}

/**
 * Deepest nesting below `__schema` or `__type`, the entry point counted. graphql-js's
 * MaxIntrospectionDepthRule does not count `ofType`, so a long `ofType` chain passed it; the
 * introspection query of graphql-js (and GraphiQL) nests 15 levels.
 */
export const MAX_INTROSPECTION_DEPTH = 20;

export function introspectionDepthRule(context: ValidationContext): ASTVisitor {
  const depthOf = nesting(context, true);
  return {
    Field(field) {
      if (!(field.name.value in INTROSPECTION_COST) || !field.selectionSet) return;
      const depth = 1 + depthOf(field.selectionSet);
      if (depth > MAX_INTROSPECTION_DEPTH) {
        context.reportError(
          new GraphQLError(
            `Introspection nests ${depth} levels deep below \`${field.name.value}\`; the limit is ${MAX_INTROSPECTION_DEPTH}.`,
            {
              nodes: [field],
              extensions: { code: 'QUERY_TOO_DEEP', details: [], depth, limit: MAX_INTROSPECTION_DEPTH },
            },
          ),
        );
      }
    },
  };
}

/**
 * Introspection answers from the whole schema, whatever the selection looks like, so its entry
 * points carry a flat cost: aliasing `__schema` many times quickly exceeds the limit.
 */
export const INTROSPECTION_COST: Record<string, number> = { __schema: 2000, __type: 100 };

const introspectionEstimator: ComplexityEstimator = ({ field, childComplexity }) =>
  field.name in INTROSPECTION_COST ? INTROSPECTION_COST[field.name] + childComplexity : undefined;

/**
 * Fields whose answer is computed by a game module rather than read cost by that work: a view
 * walks the whole state, a replay re-runs history, an export serialises every step. With the
 * default limit a request holds a few dozen views, not hundreds of aliased copies.
 */
export const WORK_COST: Record<string, number> = {
  'GameView.view': 400,
  'GameView.myPrompts': 100,
  'Replay.view': 800,
  'Query.replay': 800,
  'Query.gameExport': 2000,
  'Query.validateOrders': 100,
  'Mutation.validateOrders': 100,
};

const workEstimator: ComplexityEstimator = ({ type, field, childComplexity }) => {
  const cost = WORK_COST[`${type.name}.${field.name}`];
  return cost === undefined ? undefined : cost + childComplexity;
};

/** A list field asking for `first` or `limit` items costs that many times its selection. */
const listSizeEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const n = typeof args.first === 'number' ? args.first : typeof args.limit === 'number' ? args.limit : undefined;
  if (n === undefined) return undefined;
  return 1 + Math.max(0, n) * Math.max(1, childComplexity);
};

/** The variables that can change a document's cost: list sizes (first/limit) and @skip/@include. */
function costVariableNames(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if ((node.name.value === 'first' || node.name.value === 'limit') && node.value.kind === Kind.VARIABLE)
        names.add(node.value.name.value);
    },
    Directive(node) {
      if (node.name.value !== 'skip' && node.name.value !== 'include') return;
      for (const a of node.arguments ?? []) if (a.value.kind === Kind.VARIABLE) names.add(a.value.name.value);
    },
  });
  return [...names];
}

/**
 * Costs already estimated, per parsed document (Mercurius keeps one object per document text)
 * and the values of its cost variables: a submission's document costs the same whatever its
 * orders and key, and estimating it again was a tenth of its CPU (bench/RESULTS.md). Only
 * finite costs are kept, so a request whose variables broke the estimate never answers another.
 */
const knownCosts = new WeakMap<
  DocumentNode,
  { schema: GraphQLSchema; names: string[]; byValues: Map<string, number> }
>();
const MAX_COSTS_PER_DOCUMENT = 32;

function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): number {
  let known = knownCosts.get(document);
  if (!known || known.schema !== schema)
    knownCosts.set(document, (known = { schema, names: costVariableNames(document), byValues: new Map() }));
  const key = known.names
    .map((n) => (variables && Object.hasOwn(variables, n) ? `=${JSON.stringify(variables[n])}` : '-'))
    .join('\u0000');
  const cached = known.byValues.get(key);
  if (cached !== undefined) return cached;
  let cost: number;
  try {
    cost = getComplexity({
      schema,
      query: document,
      variables: variables ?? {},
      estimators: [introspectionEstimator, workEstimator, listSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch {
    cost = Infinity; // too many nodes to even estimate (variable errors are reported elsewhere)
  }
  if (Number.isFinite(cost)) {
    if (known.byValues.size >= MAX_COSTS_PER_DOCUMENT) known.byValues.clear();
    known.byValues.set(key, cost);
  }
  return cost;
}

/** Throws QUERY_TOO_COMPLEX when the operations of `document` cost more than the limit. */
export function checkComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  max: number,
) {
  const cost = estimateCost(schema, document, variables);
  if (cost > max) {
    const shown = Number.isFinite(cost) ? String(cost) : 'too high to estimate';
    throw new GraphQLRequestError([
      limitError(
        `The operation costs ${shown}; the limit is ${max}. Ask for fewer items (first/limit) or fewer fields.`,
        'QUERY_TOO_COMPLEX',
        {
          cost: Number.isFinite(cost) ? cost : null,
          limit: max,
        },
      ),
    ]);
  }
}

/** String literals without U+0000 and object/list literals at most MAX_JSON_DEPTH deep. */
export function literalProblems(document: DocumentNode): GraphQLError[] {
  const errors: GraphQLError[] = [];
  let depth = 0;
  const deeper = {
    enter() {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) {
        errors.push(limitError(`Values may nest at most ${MAX_JSON_DEPTH} levels deep.`, 'BAD_INPUT'));
        return false as const;
      }
      return undefined;
    },
    leave() {
      depth -= 1;
    },
  };
  visit(document, {
    StringValue(node) {
      if (node.value.includes('\u0000'))
        errors.push(
          new GraphQLError('Text may not contain the NUL character (U+0000).', {
            nodes: [node],
            extensions: { code: 'BAD_INPUT', details: [] },
          }),
        );
    },
    ObjectValue: deeper,
    ListValue: deeper,
  });
  return errors.slice(0, 1);
}

/** A value of `type` that coerces without error (a stand-in for an unknown variable). */
function standIn(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return standIn(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]?.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return Object.fromEntries(fields.map((f) => [f.name, standIn(f.type)]));
  }
  if (isScalarType(type))
    return type.name === 'Int' || type.name === 'Float' ? 0 : type.name === 'Boolean' ? false : '0';
  return null;
}

/** Stand-ins for the variables of `document` that have no default. */
function standInVariables(schema: GraphQLSchema, document: DocumentNode): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const v of def.variableDefinitions ?? []) {
      const type = typeFromAST(schema, v.type as never) as GraphQLInputType | undefined;
      if (!v.defaultValue && type) vars[v.variable.name.value] = standIn(type);
    }
  }
  return vars;
}

/**
 * Mercurius executes subscription documents without validating them; this runs the same rules
 * as for queries (and the cost check) before a subscription starts. Its hook does not see the
 * variables, so they are costed with stand-ins (no subscription field takes a list size).
 */
export function checkSubscription(schema: GraphQLSchema, document: DocumentNode, limits: GraphQLLimits) {
  const errors = validate(schema, document, [...specifiedRules, depthLimitRule(limits.maxDepth)]);
  if (errors.length) throw new GraphQLRequestError(errors);
  const literal = literalProblems(document);
  if (literal.length) throw new GraphQLRequestError(literal);
  checkComplexity(schema, document, standInVariables(schema, document), limits.maxComplexity);
}
