import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type ValidationError } from '../../contract/problem';
import { HttpProblem, INTERNAL_ERROR_DETAIL, problemBody } from './problem';

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  validationErrors: ValidationError[] = [],
): FastifyReply {
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(status, detail, validationErrors));
}

/** A field name for a zod issue path: 'body.address.city' → 'address.city', '' → the part itself. */
function fieldName(instancePath: string, part: string | undefined): string {
  const trimmed = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return trimmed || part || 'request';
}

/** One handler for every error: expected ones keep their status, 4xx keep their message, 5xx hide theirs. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      return sendProblem(reply, error.status, error.message, error.validationErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validationErrors = error.validation.map((issue) => ({
        name: fieldName(issue.instancePath, error.validationContext),
        reason: issue.message ?? 'Invalid value',
      }));
      return sendProblem(reply, 400, 'The request is not valid.', validationErrors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match the contract');
      return sendProblem(reply, 500, INTERNAL_ERROR_DETAIL);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, status, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, 500, INTERNAL_ERROR_DETAIL);
  });
}
