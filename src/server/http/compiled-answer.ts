import type { z } from 'zod';

/**
 * An answer's contract check and JSON in one pass, compiled once from the contract's zod schema: it checks every
 * field as zod would (type, enum, integer and bound checks, nullable) and writes only the contract's keys, so a public
 * answer still cannot carry price or stock, at a fraction of `JSON.stringify(schema.parse(answer))`'s cost
 * (docs/performance.md). The output is byte for byte that expression's. An answer it refuses is handed to zod, so a
 * wrong answer throws zod's own error.
 *
 * Only the zod features answers use are compiled; any other (optional, default, transform, refinement, string or
 * length checks, strict or passthrough objects...) is refused when the schema is compiled, so a later contract
 * change cannot silently skip a check: it fails at start, and `compiled-answer.test.ts` names the schemas it must
 * compile.
 */
export type AnswerWriter<S extends z.ZodType> = (answer: z.input<S>) => string;

/** Thrown inside a compiled writer when the answer breaks its contract; caught at the top, where zod takes over. */
const REFUSED = new Error('The answer does not match its contract.');

const refuse = (): never => {
  throw REFUSED;
};

/** A string as JSON: most answer strings need no escaping, and the loop is cheaper than a call into JSON.stringify. */
function quote(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** What the generated code reaches outside itself: refusal, JSON for strings, and each enum's written values. */
type Generated = (refuseAnswer: typeof refuse, stringify: (text: string) => string, enums: readonly ReadonlyMap<unknown, string>[]) => (answer: unknown) => string;

interface ZodDefinition {
  readonly type: string;
  readonly [field: string]: unknown;
}

const definitionOf = (schema: unknown): ZodDefinition => (schema as { _zod: { def: ZodDefinition } })._zod.def;

export class UnsupportedSchemaError extends Error {
  constructor(path: string, what: string) {
    super(`compiled-answer: ${what} at ${path || 'the answer'} is not compiled; add it to src/server/http/compiled-answer.ts with a test`);
  }
}

/** Definition fields that change nothing for a given type; any other field is a feature this compiler does not know. */
const PLAIN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  string: ['type'],
  boolean: ['type'],
  number: ['type', 'checks', 'check', 'abort', 'format'],
  enum: ['type', 'entries'],
  nullable: ['type', 'innerType'],
  array: ['type', 'element'],
  object: ['type', 'shape'],
};

function requirePlain(definition: ZodDefinition, path: string): void {
  const known = PLAIN_FIELDS[definition.type];
  if (!known) throw new UnsupportedSchemaError(path, `a zod ${definition.type}`);
  for (const field of Object.keys(definition)) {
    if (known.includes(field) || definition[field] === undefined) continue;
    if (field === 'checks' && Array.isArray(definition.checks) && definition.checks.length === 0) continue;
    throw new UnsupportedSchemaError(path, `a zod ${definition.type} with ${field}`);
  }
}

/** Fields of a number's bound check; others (`when`, a custom test) would be a check the writer skips. */
const CHECK_FIELDS: readonly string[] = ['check', 'value', 'inclusive', 'abort', 'error'];

/** A number's bound as zod checks it (`greater_than`/`less_than`, `inclusive`), as a condition that refuses. */
function boundRefusal(check: unknown, variable: string, path: string): string {
  const definition = definitionOf(check) as { check?: string; value?: unknown; inclusive?: boolean };
  const unknown = Object.keys(definition).find((field) => !CHECK_FIELDS.includes(field) && (definition as Record<string, unknown>)[field] !== undefined);
  if (unknown) throw new UnsupportedSchemaError(path, `a number check with ${unknown}`);
  const bound = definition.value;
  if (typeof bound !== 'number' || !Number.isFinite(bound)) throw new UnsupportedSchemaError(path, `a number check ${String(definition.check)} of ${String(bound)}`);
  const operator = { greater_than: definition.inclusive ? '>=' : '>', less_than: definition.inclusive ? '<=' : '<' }[String(definition.check)];
  if (!operator) throw new UnsupportedSchemaError(path, `a number check ${String(definition.check)}`);
  return ` || !(${variable} ${operator} ${String(bound)})`;
}

/**
 * Writes the statements that check the value in `variable` and append its JSON to `json`. The code is generated
 * (as zod and Fastify's serializers do) so that every field is a plain property read the engine can inline; only the
 * schema's own keys, quoted by JSON.stringify, and finite number bounds reach the source.
 */
class CodeWriter {
  readonly enums: ReadonlyMap<unknown, string>[] = [];
  private names = 0;

  name(): string {
    this.names += 1;
    return `v${this.names}`;
  }

  write(schema: unknown, variable: string, path: string): string {
    const definition = definitionOf(schema);
    requirePlain(definition, path);
    switch (definition.type) {
      case 'string':
        return `if (typeof ${variable} !== 'string') refuse(); json += stringify(${variable});`;
      case 'boolean':
        return `if (${variable} === true) json += 'true'; else if (${variable} === false) json += 'false'; else refuse();`;
      case 'number':
        return this.number(definition, variable, path);
      case 'enum':
        return this.enumeration(definition, variable, path);
      case 'nullable':
        return `if (${variable} === null) json += 'null'; else { ${this.write(definition.innerType, variable, path)} }`;
      case 'array':
        return this.array(definition, variable, path);
      case 'object':
        return this.object(definition, variable, path);
      default:
        throw new UnsupportedSchemaError(path, `a zod ${definition.type}`);
    }
  }

  private number(definition: ZodDefinition, variable: string, path: string): string {
    if (definition.format !== undefined && definition.format !== 'safeint') throw new UnsupportedSchemaError(path, `a number of format ${String(definition.format)}`);
    const integer = definition.format === 'safeint' ? ` || !Number.isSafeInteger(${variable})` : '';
    const bounds = ((definition.checks ?? []) as unknown[]).map((check) => boundRefusal(check, variable, path)).join('');
    // For a finite number, String() writes what JSON.stringify writes (-0 as 0 in both).
    return `if (typeof ${variable} !== 'number' || !Number.isFinite(${variable})${integer}${bounds}) refuse(); json += String(${variable});`;
  }

  private enumeration(definition: ZodDefinition, variable: string, path: string): string {
    const written = new Map<unknown, string>();
    for (const entry of Object.values(definition.entries as Record<string, unknown>)) {
      if (typeof entry !== 'string') throw new UnsupportedSchemaError(path, 'an enum of other than strings');
      written.set(entry, JSON.stringify(entry));
    }
    this.enums.push(written);
    const text = this.name();
    return `const ${text} = enums[${this.enums.length - 1}].get(${variable}); if (${text} === undefined) refuse(); json += ${text};`;
  }

  private array(definition: ZodDefinition, variable: string, path: string): string {
    const index = this.name();
    const element = this.name();
    return [
      `if (!Array.isArray(${variable})) refuse();`,
      `json += '[';`,
      `for (let ${index} = 0; ${index} < ${variable}.length; ${index}++) {`,
      `if (${index} !== 0) json += ',';`,
      `const ${element} = ${variable}[${index}];`,
      this.write(definition.element, element, `${path}[]`),
      `}`,
      `json += ']';`,
    ].join('\n');
  }

  private object(definition: ZodDefinition, variable: string, path: string): string {
    const shape = definition.shape as Record<string, unknown>;
    const keys = Object.keys(shape);
    if (keys.includes('__proto__')) throw new UnsupportedSchemaError(path, 'a __proto__ key');
    const lines = [`if (typeof ${variable} !== 'object' || ${variable} === null || Array.isArray(${variable})) refuse();`];
    keys.forEach((key, i) => {
      const field = this.name();
      const quoted = JSON.stringify(key);
      lines.push(`json += ${JSON.stringify(`${i === 0 ? '{' : ','}${quoted}:`)};`, `const ${field} = ${variable}[${quoted}];`, this.write(shape[key], field, `${path}.${key}`));
    });
    lines.push(keys.length === 0 ? `json += '{}';` : `json += '}';`);
    return lines.join('\n');
  }
}

/**
 * Compiles a contract schema into its answer writer. Throws `UnsupportedSchemaError` for a schema using a zod feature
 * the writer would not check. The writer returns `JSON.stringify(schema.parse(answer))` and throws zod's error where
 * zod throws.
 */
export function compileAnswer<S extends z.ZodType>(schema: S): AnswerWriter<S> {
  const code = new CodeWriter();
  const body = code.write(schema, 'answer', '');
  // Source generated from the contract schema alone (its keys quoted, finite bounds): see CodeWriter.
  const generate = new Function('refuse', 'stringify', 'enums', `return function writeAnswer(answer) {\nlet json = '';\n${body}\nreturn json;\n};`) as Generated;
  const write = generate(refuse, quote, code.enums);
  return (answer) => {
    try {
      return write(answer);
    } catch (error) {
      if (error !== REFUSED) throw error;
      // zod's own verdict, and its own error, for an answer the writer refuses.
      return JSON.stringify(schema.parse(answer));
    }
  };
}
