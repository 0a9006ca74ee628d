import {
  COMMUNICATION_ERROR_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  type Problem,
  problemSchema,
  type ValidationError,
} from '../../contract/problem';

/** A failed call, as SPEC.md §8 shows it: the response detail (else the generic message) and its field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly validationErrors: ValidationError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static fromProblem(status: number, body: unknown): ApiError {
    const parsed = problemSchema.partial().safeParse(body);
    const problem: Partial<Problem> = parsed.success ? parsed.data : {};
    return new ApiError(problem.detail || GENERIC_ERROR_MESSAGE, status, problem.validationErrors ?? []);
  }

  /** No response at all (network down, server gone). */
  static communication(): ApiError {
    return new ApiError(COMMUNICATION_ERROR_MESSAGE, null);
  }

  fieldError(name: string): string | undefined {
    return this.validationErrors.find((error) => error.name.toLowerCase() === name.toLowerCase())?.reason;
  }
}

/** What to tell the user of a failed call: its problem's detail, or the generic message for anything else; null for no error. */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
}

/** errorMessage, followed by each field's reason: for a form that shows its refusals in one place. */
export function errorMessageWithReasons(error: unknown): string | null {
  const message = errorMessage(error);
  if (message === null || !(error instanceof ApiError) || error.validationErrors.length === 0) return message;
  return [message, ...error.validationErrors.map((entry) => entry.reason)].join(' ');
}
