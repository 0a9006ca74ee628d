import type { z } from 'zod';
import { type ZodDefinition, definitionOf } from '../../contract/zod-definition';
import { JsonSink } from './json-bytes';

/**
 * An answer's contract check and JSON in one pass, compiled once from the contract's zod schema: it checks every
 * field as zod would (type, enum, integer and bound checks, nullable) and writes only the contract's keys, so a public
 * answer still cannot carry price or stock, at a fraction of `JSON.stringify(schema.parse(answer))`'s cost
 * (docs/performance.md). The output is byte for byte that expression's, in UTF-8 (json-bytes.ts). An answer it
 * refuses is handed to zod, so a wrong answer throws zod's own error.
 *
 * Only the zod features answers use are compiled; any other (optional, default, transform, refinement, string or
 * length checks, strict or passthrough objects...) is refused when the schema is compiled, so a later contract
 * change cannot silently skip a check: it fails at start, and `compiled-answer.test.ts` names the schemas it must
 * compile.
 */
export type AnswerWriter<S extends z.ZodType> = (answer: z.input<S>) => string;
/** The same answer as UTF-8 bytes: what the server sends. */
export type AnswerBytesWriter<S extends z.ZodType> = (answer: z.input<S>) => Buffer;

/** Thrown inside a compiled writer when the answer breaks its contract; caught at the top, where zod takes over. */
const REFUSED = new Error('The answer does not match its contract.');

const refuse = (): never => {
  throw REFUSED;
};

/** What the generated code reaches outside itself: refusal, the sink it writes to, and each enum's values. */
type Generated = (
  refuseAnswer: typeof refuse,
  sink: JsonSink,
  enums: readonly ReadonlySet<unknown>[],
) => (answer: unknown) => number;

export class UnsupportedSchemaError extends Error {
  constructor(path: string, what: string) {
    super(
      `compiled-answer: ${what} at ${path || 'the answer'} is not compiled; add it to src/server/http/compiled-answer.ts with a test`,
    );
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
  const unknown = Object.keys(definition).find(
    (field) => !CHECK_FIELDS.includes(field) && (definition as Record<string, unknown>)[field] !== undefined,
  );
  if (unknown) throw new UnsupportedSchemaError(path, `a number check with ${unknown}`);
  const bound = definition.value;
  if (typeof bound !== 'number' || !Number.isFinite(bound))
    throw new UnsupportedSchemaError(path, `a number check ${String(definition.check)} of ${String(bound)}`);
  const operator = { greater_than: definition.inclusive ? '>=' : '>', less_than: definition.inclusive ? '<=' : '<' }[
    String(definition.check)
  ];
  if (!operator) throw new UnsupportedSchemaError(path, `a number check ${String(definition.check)}`);
  return ` || !(${variable} ${operator} ${String(bound)})`;
}

/**
 * Writes the statements that check the value in `variable` and write its JSON at position `a` of the buffer `o` (see
 * JsonSink). The code is generated (as zod and Fastify's serializers do) so that every field is a plain property
 * read the engine can inline and the schema's own text is written byte by byte; only the schema's keys, checked to be
 * printable ASCII, and finite number bounds reach the source.
 *
 * Each object of the schema is written by a function of its own. Until the engine's optimising compiler has compiled
 * a writer it runs in the interpreter, about nine times slower; as one function for a whole answer, a trade tyre
 * answer's was 35 KB of source that took the compiler 200–330 ms of a core, and a freshly started server answered its
 * first searches at a third of its pace (docs/performance.md). An item's function, called for every item, is hot and
 * small, so it is compiled after the first few answers.
 */
class CodeWriter {
  readonly enums: ReadonlySet<unknown>[] = [];
  /** The source of each object's function, `write<i>`. */
  readonly functions: string[] = [];
  private names = 0;

  name(): string {
    this.names += 1;
    return `v${this.names}`;
  }

  /** Writes printable ASCII text of the schema's own (keys, punctuation, literals). */
  text(text: string): string {
    const bytes = Array.from(text, (character) => `o[a++] = ${character.charCodeAt(0)};`).join(' ');
    return `if (a + ${text.length} > o.length) o = sink.grow(a, ${text.length}); ${bytes}`;
  }

  write(schema: unknown, variable: string, path: string): string {
    const definition = definitionOf(schema);
    requirePlain(definition, path);
    switch (definition.type) {
      case 'string':
        return `if (typeof ${variable} !== 'string') refuse(); a = sink.string(a, ${variable}); o = sink.out;`;
      case 'boolean':
        return `if (${variable} === true) { ${this.text('true')} } else if (${variable} === false) { ${this.text('false')} } else refuse();`;
      case 'number':
        return this.number(definition, variable, path);
      case 'enum':
        return this.enumeration(definition, variable, path);
      case 'nullable':
        return `if (${variable} === null) { ${this.text('null')} } else { ${this.write(definition.innerType, variable, path)} }`;
      case 'array':
        return this.array(definition, variable, path);
      case 'object':
        return `a = ${this.object(definition, path)}(${variable}, a); o = sink.out;`;
      default:
        throw new UnsupportedSchemaError(path, `a zod ${definition.type}`);
    }
  }

  private number(definition: ZodDefinition, variable: string, path: string): string {
    if (definition.format !== undefined && definition.format !== 'safeint')
      throw new UnsupportedSchemaError(path, `a number of format ${String(definition.format)}`);
    const integer = definition.format === 'safeint' ? ` || !Number.isSafeInteger(${variable})` : '';
    const bounds = ((definition.checks ?? []) as unknown[])
      .map((check) => boundRefusal(check, variable, path))
      .join('');
    return `if (typeof ${variable} !== 'number' || !Number.isFinite(${variable})${integer}${bounds}) refuse(); a = sink.number(a, ${variable}); o = sink.out;`;
  }

  private enumeration(definition: ZodDefinition, variable: string, path: string): string {
    const entries = Object.values(definition.entries as Record<string, unknown>);
    if (entries.some((entry) => typeof entry !== 'string'))
      throw new UnsupportedSchemaError(path, 'an enum of other than strings');
    this.enums.push(new Set(entries));
    return `if (!enums[${this.enums.length - 1}].has(${variable})) refuse(); a = sink.string(a, ${variable}); o = sink.out;`;
  }

  private array(definition: ZodDefinition, variable: string, path: string): string {
    const index = this.name();
    const element = this.name();
    return [
      `if (!Array.isArray(${variable})) refuse();`,
      this.text('['),
      `for (let ${index} = 0; ${index} < ${variable}.length; ${index}++) {`,
      `if (${index} !== 0) { ${this.text(',')} }`,
      `const ${element} = ${variable}[${index}];`,
      this.write(definition.element, element, `${path}[]`),
      `}`,
      this.text(']'),
    ].join('\n');
  }

  /** Generates the function that checks an object of this shape and writes it from position `a`; returns its name. */
  private object(definition: ZodDefinition, path: string): string {
    const shape = definition.shape as Record<string, unknown>;
    const keys = Object.keys(shape);
    if (keys.includes('__proto__')) throw new UnsupportedSchemaError(path, 'a __proto__ key');
    // Keys are written as they are: JSON must need no escape in them, nor UTF-8 more than a byte a character.
    const awkward = keys.find((key) => !/^[\x20-\x7e]*$/.test(key) || JSON.stringify(key) !== `"${key}"`);
    if (awkward !== undefined) throw new UnsupportedSchemaError(path, `the key ${JSON.stringify(awkward)}`);
    const at = this.functions.push('') - 1;
    const name = `write${at}`;
    const value = this.name();
    const lines = [
      `function ${name}(${value}, a) {`,
      'let o = sink.out;',
      `if (typeof ${value} !== 'object' || ${value} === null || Array.isArray(${value})) refuse();`,
    ];
    keys.forEach((key, i) => {
      const field = this.name();
      lines.push(
        this.text(`${i === 0 ? '{' : ','}"${key}":`),
        `const ${field} = ${value}[${JSON.stringify(key)}];`,
        this.write(shape[key], field, `${path}.${key}`),
      );
    });
    lines.push(this.text(keys.length === 0 ? '{}' : '}'), 'return a;', '}');
    this.functions[at] = lines.join('\n');
    return name;
  }
}

/**
 * Compiles a contract schema into its answer writer. Throws `UnsupportedSchemaError` for a schema using a zod feature
 * the writer would not check. The writer returns the UTF-8 bytes of `JSON.stringify(schema.parse(answer))` and throws
 * zod's error where zod throws.
 */
export function compileAnswerBytes<S extends z.ZodType>(schema: S): AnswerBytesWriter<S> {
  const code = new CodeWriter();
  const root = code.write(schema, 'answer', '');
  // Source generated from the contract schema alone (its keys, printable ASCII; finite bounds): see CodeWriter.
  const source = `${code.functions.join('\n')}\nreturn function writeAnswer(answer) {\nlet o = sink.out;\nlet a = 0;\n${root}\nreturn a;\n};`;
  const generate = new Function('refuse', 'sink', 'enums', source) as Generated;
  const sink = new JsonSink();
  const write = generate(refuse, sink, code.enums);
  return (answer) => {
    let length: number;
    try {
      length = write(answer);
    } catch (error) {
      if (error !== REFUSED) throw error;
      // zod's own verdict, and its own error, for an answer the writer refuses.
      return Buffer.from(JSON.stringify(schema.parse(answer)));
    }
    return sink.take(length);
  };
}

/** The compiled writer's answer as text: `JSON.stringify(schema.parse(answer))`. */
export function compileAnswer<S extends z.ZodType>(schema: S): AnswerWriter<S> {
  const bytes = compileAnswerBytes(schema);
  return (answer) => bytes(answer).toString('utf8');
}
