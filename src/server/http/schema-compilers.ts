import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The contract's zod schemas check every request and write every answer. Given to Fastify as its compilers when it is
 * created, rather than set on the instance after, so it never loads its default ones (ajv and fast-json-stringify, an
 * eighth of a second of every start). Fastify calls a factory's compiler with the route's schema as
 * `setValidatorCompiler` and `setSerializerCompiler` do; its types describe the arguments ajv's own compiler takes.
 */
export const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;
