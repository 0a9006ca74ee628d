/**
 * The one place that reads zod's internals: a schema's definition (`_zod.def`), which zod keeps but does not document
 * as an interface. The answer compiler, the request edge, the catalogue's column reads and the product fields walk
 * schemas through it, so a zod release that moves a field breaks here, where tests/unit/zod-definition.test.ts
 * checks every field they read against the installed zod.
 */
export interface ZodDefinition {
  /** 'string', 'number', 'object', 'array', 'nullable', 'optional', 'pipe', … */
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A schema's definition, or a check's (whose definition names its `check` instead of a `type`). */
export function definitionOf(schema: unknown): ZodDefinition {
  const internals = (schema as { _zod?: { def?: ZodDefinition } } | null)?._zod?.def;
  if (!internals) throw new Error('not a zod schema');
  return internals;
}
