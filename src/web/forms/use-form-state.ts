import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { ValidationError } from '../../contract/problem';

export type FieldPath = string;

function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(target)) {
    const copy = [...target];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const record = (target ?? {}) as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head], rest, value) };
}

/** A blank field is an absent one: '' becomes undefined, so required fields say 'Enter …' and numbers are not 0. */
export function withoutBlanks(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.map(withoutBlanks);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBlanks(item)]));
  }
  return value;
}

function firstIssues(schema: z.ZodType, values: unknown): Record<FieldPath, string> {
  const parsed = schema.safeParse(withoutBlanks(values));
  if (parsed.success) return {};
  const messages: Record<FieldPath, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    messages[path] ??= issue.message;
  }
  return messages;
}

export interface FormState<TValues> {
  readonly values: TValues;
  set(path: FieldPath, value: unknown): void;
  /** Marks a field as visited: its error shows from now on (validation on blur, then on change). */
  touch(path: FieldPath): void;
  /** The error to show under a field (the server's, or the schema's once the field was visited or submitted). */
  error(path: FieldPath): string | undefined;
  /** Validates everything; the parsed values when valid, else null (and every error shows). */
  validate(): unknown;
  /** Field errors the server answered with (same schema, names like 'items.0.sku'). */
  showServerErrors(errors: readonly ValidationError[]): void;
  reset(): void;
}

/** Form values validated with the contract's zod schema, the same one the server parses them with. */
export function useFormState<TValues>(schema: z.ZodType, initial: TValues): FormState<TValues> {
  const [values, setValues] = useState<TValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldPath>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<FieldPath, string>>({});
  const issues = useMemo(() => firstIssues(schema, values), [schema, values]);

  const set = useCallback((path: FieldPath, value: unknown) => {
    setValues((current) => setAt(current, path.split('.'), value) as TValues);
    setServerErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  const touch = useCallback((path: FieldPath) => setTouched((current) => new Set(current).add(path)), []);

  return {
    values,
    set,
    touch,
    error: (path) => serverErrors[path] ?? (submitted || touched.has(path) ? issues[path] : undefined),
    validate: () => {
      setSubmitted(true);
      const parsed = schema.safeParse(withoutBlanks(values));
      return parsed.success ? parsed.data : null;
    },
    showServerErrors: (errors) =>
      setServerErrors(Object.fromEntries(errors.map((error) => [error.name, error.reason]))),
    reset: () => {
      setValues(initial);
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
