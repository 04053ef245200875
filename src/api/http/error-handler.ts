/**
 * One error handler for the whole server: GraphQL routes answer in GraphQL's shape (errors with
 * `extensions`), everything else as `{ error: {...} }` with the status of the code. This also
 * covers what Fastify raises itself: malformed JSON, oversized bodies, unknown media types,
 * schema validation, unknown routes and undecodable URLs.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendGraphQLError } from '../graphql/http.js';
import { RETRY_AFTER_SECONDS } from '#platform/outage.js';
import { toApiError } from './errors.js';

export function sendRestError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, error } = toApiError(err, request.log);
  if (status === 503) reply.header('retry-after', String(error.retryAfterSeconds ?? RETRY_AFTER_SECONDS));
  return reply.code(status).type('application/json; charset=utf-8').send({ error });
}

export function installErrorHandling(app: FastifyInstance, graphqlPath: string) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (request.routeOptions.url === graphqlPath) return sendGraphQLError(err, request, reply);
    return sendRestError(err, request, reply);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0].slice(0, 200);
    return reply
      .code(404)
      .send({ error: { code: 'NOT_FOUND', message: `There is no route ${request.method} ${path}.`, details: [] } });
  });
}

/** Fastify's `frameworkErrors` option: errors raised before routing (such as a bad URL). */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendRestError(err, request, reply);
}
