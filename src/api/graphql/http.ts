/**
 * GraphQL over HTTP (the GraphQL-over-HTTP spec, audited by graphql-http): Mercurius executes,
 * this module fixes the edges it leaves open, through route hooks and options only:
 * - strict request parameters (`query`, `operationName`, `variables`, `extensions`, each of the
 *   right type or null; 400 otherwise) checked before Mercurius coerces them;
 * - media types: `application/graphql-response+json` when the client prefers it, else
 *   `application/json`;
 * - status codes: request errors (unparsable or invalid documents, bad variables, limits) are
 *   200 with `application/json` and 400 with `application/graphql-response+json`, without a
 *   `data` entry; executed operations are 200 whatever their field errors;
 * - every error carries the documented `extensions` (`code`, `details`).
 */
import type { DocumentNode } from 'graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '#platform/errors.js';
import { toApiError } from '../http/errors.js';
import { assertSafeJson } from '../http/input-guard.js';
import { graphql } from './graphql-cjs.js';
import { GraphQLRequestError, literalProblems, requestErrorCode } from './limits.js';

const { GraphQLError, parse } = graphql;
type GraphQLError = InstanceType<typeof GraphQLError>;

export const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const JSON_MEDIA = 'application/json';
type Media = typeof GRAPHQL_RESPONSE | typeof JSON_MEDIA;

interface Log {
  error(obj: unknown, msg?: string): void;
}

/** The response media type for an Accept header: the better-weighted of the two we speak. */
export function negotiate(accept: string | undefined): Media {
  if (!accept) return JSON_MEDIA;
  let best: Media = JSON_MEDIA;
  let bestQ = -1;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    if (!(q > 0) || q <= bestQ) continue;
    if (type === GRAPHQL_RESPONSE) [best, bestQ] = [GRAPHQL_RESPONSE, q];
    else if (type === JSON_MEDIA || type === 'application/*' || type === '*/*') [best, bestQ] = [JSON_MEDIA, q];
  }
  return best;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function badParam(name: string, expected: string): AppError {
  return new AppError('BAD_REQUEST', `The "${name}" parameter must be ${expected}.`, [
    { code: 'INVALID_PARAMETER', path: [name], message: `Send ${name} as ${expected}.` },
  ]);
}

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badParam(name, 'a JSON-encoded object');
  try {
    return JSON.parse(raw);
  } catch {
    throw badParam(name, 'a JSON-encoded object');
  }
}

function parseDocument(query: string, maxTokens: number): DocumentNode {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens });
  } catch (e) {
    if (e instanceof GraphQLError && /more tha[nt] \d+ tokens/.test(e.message)) {
      throw new GraphQLRequestError([
        new GraphQLError(`The document has more than ${maxTokens} tokens.`, {
          extensions: { code: 'QUERY_TOO_COMPLEX', details: [], limit: maxTokens },
        }),
      ]);
    }
    throw new GraphQLRequestError([
      e instanceof GraphQLError ? e : new GraphQLError('The document could not be parsed.'),
    ]);
  }
  const problems = literalProblems(document);
  if (problems.length) throw new GraphQLRequestError(problems);
  return document;
}

/**
 * Fastify keeps an undecodable query-string value as its raw text, so `?query=%E0%A4%A` would
 * reach the parser as a document; the REST mirror refuses undecodable URLs with a 400, and so
 * does this.
 */
function assertDecodableQuery(url: string) {
  const at = url.indexOf('?');
  if (at < 0) return;
  try {
    decodeURIComponent(url.slice(at + 1));
  } catch {
    throw new AppError('BAD_REQUEST', 'The URL is not valid percent-encoded UTF-8.');
  }
}

/** preValidation hook of the GraphQL routes (POST and plain GET; WebSocket upgrades pass). */
export function checkGraphQLRequest(maxTokens: number) {
  // Documents already parsed and found sound, by text: clients send the same few documents with
  // new variables, and parsing each again was a tenth of a submission's CPU (bench/RESULTS.md).
  // Bounded by total text size; refusals are not kept (each is parsed and refused again).
  const sound = new LRUCache<string, true>({
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (_v, text) => Math.max(1, text.length),
  });
  const checkDocument = (query: string) => {
    if (sound.has(query)) return;
    parseDocument(query, maxTokens);
    sound.set(query, true);
  };
  return async function check(request: FastifyRequest) {
    if ((request as { ws?: boolean }).ws || request.headers.upgrade) return;
    const isGet = request.method === 'GET';
    if (isGet) assertDecodableQuery(request.url);
    const params = (isGet ? request.query : request.body) as Record<string, unknown> | undefined;
    if (!isObject(params))
      throw new AppError(
        'BAD_REQUEST',
        'Send a JSON object with the GraphQL document in "query" (batches are not supported).',
      );
    const variables = isGet ? parseJsonParam('variables', params.variables) : params.variables;
    const extensions = isGet ? parseJsonParam('extensions', params.extensions) : params.extensions;
    if (extensions != null && !isObject(extensions)) throw badParam('extensions', 'an object or null');
    if (variables != null && !isObject(variables)) throw badParam('variables', 'an object or null');
    if (params.operationName != null && typeof params.operationName !== 'string')
      throw badParam('operationName', 'a string or null');
    const persisted = isObject(extensions) && extensions.persistedQuery != null;
    if (params.query == null) {
      if (!persisted) throw badParam('query', 'a string holding the GraphQL document');
    } else if (typeof params.query !== 'string') throw badParam('query', 'a string holding the GraphQL document');
    else checkDocument(params.query);
    assertSafeJson(variables, ['variables']);
    assertSafeJson(extensions, ['extensions']);
    // Normalise for Mercurius: null extensions are allowed by the spec; absent variables become
    // {} so that missing required variables are refused as a request error before execution.
    if (isGet) {
      if (params.variables === undefined) params.variables = '{}';
    } else {
      if (params.extensions === null) delete params.extensions;
      if (params.variables == null) params.variables = {};
    }
  };
}

/** onSend hook: label JSON responses with the negotiated GraphQL media type. */
export async function setGraphQLMediaType(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && type.startsWith(JSON_MEDIA))
    reply.header('content-type', `${negotiate(request.headers.accept)}; charset=utf-8`);
  return payload;
}

const PERSISTED_CODES: Record<string, string> = {
  MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND: 'PERSISTED_QUERY_NOT_FOUND',
  MER_ERR_GQL_PERSISTED_QUERY_NOT_SUPPORTED: 'PERSISTED_QUERY_NOT_SUPPORTED',
  MER_ERR_GQL_PERSISTED_QUERY_MISMATCH: 'PERSISTED_QUERY_MISMATCH',
};

/** Errors that refuse the whole request before execution, or null for any other error. */
function requestErrors(err: unknown): readonly unknown[] | null {
  if (err instanceof GraphQLRequestError) return err.errors;
  const e = err as { code?: string; errors?: unknown; message?: string };
  if (e?.code === 'MER_ERR_GQL_VALIDATION' && Array.isArray(e.errors)) return e.errors;
  const persisted = e?.code ? PERSISTED_CODES[e.code] : undefined;
  if (persisted)
    return [new GraphQLError(e.message ?? 'PersistedQueryNotFound', { extensions: { code: persisted, details: [] } })];
  return null;
}

function requestErrorJson(e: unknown) {
  if (!(e instanceof GraphQLError))
    return {
      message: 'The GraphQL document is not valid.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', details: [] },
    };
  const { message, locations } = e.toJSON();
  return {
    message,
    ...(locations ? { locations } : {}),
    extensions: { details: [], ...e.extensions, code: requestErrorCode(e) },
  };
}

/** The error reply of the GraphQL routes (called by the central error handler). */
export function sendGraphQLError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const media = negotiate(request.headers.accept);
  const refused = requestErrors(err);
  let status: number;
  let errors: unknown[];
  if (refused) {
    status = media === JSON_MEDIA ? 200 : 400;
    errors = refused.map(requestErrorJson);
  } else if ((err as { code?: string })?.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
    status = 405;
    reply.header('allow', 'POST');
    errors = [
      {
        message: 'Only queries may be sent with GET; send mutations with POST.',
        extensions: { code: 'METHOD_NOT_ALLOWED', details: [] },
      },
    ];
  } else {
    const mapped = toApiError(err, request.log);
    status = mapped.status;
    const { message, ...extensions } = mapped.error;
    errors = [{ message, extensions }];
  }
  return reply.code(status).type(`${media}; charset=utf-8`).send({ errors });
}

/** Execution results: field errors keep their shape; anything unshaped becomes INTERNAL. */
export function shapeExecutionError(e: GraphQLError, log?: Log) {
  const { message, locations, path } = e.toJSON();
  const where = { ...(locations ? { locations } : {}), ...(path ? { path } : {}) };
  const ext = e.extensions ?? {};
  if (typeof ext.code === 'string')
    return { message, ...where, extensions: { ...ext, details: Array.isArray(ext.details) ? ext.details : [] } };
  if (e.originalError && !(e.originalError instanceof GraphQLError)) {
    const { error } = toApiError(e.originalError, log);
    const { message: safe, ...extensions } = error;
    return { message: safe, ...where, extensions };
  }
  return { message, ...where, extensions: { code: 'INTERNAL', details: [] } };
}

/** Mercurius `errorFormatter`: always 200 for an executed operation (GraphQL over HTTP). */
export function executionErrorFormatter(log: Log) {
  return (execution: { data?: unknown; errors?: readonly GraphQLError[] }) => ({
    statusCode: 200,
    response: {
      data: (execution.data ?? null) as Record<string, unknown> | null,
      errors: (execution.errors ?? []).map((e) => shapeExecutionError(e, log)),
    },
  });
}
