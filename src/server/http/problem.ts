import { GENERIC_ERROR_MESSAGE, type Problem, type ValidationError } from '../../contract/problem';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function titleFor(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

export function problemBody(status: number, detail: string, validationErrors: ValidationError[] = []): Problem {
  const reasons =
    validationErrors.length > 0 ? validationErrors.map((v) => ({ reason: v.reason })) : [{ reason: detail }];
  return {
    type: 'about:blank',
    title: titleFor(status),
    status,
    detail,
    isError: true,
    errors: reasons,
    validationErrors,
  };
}

/** An expected failure a service raises; the error handler answers it as a problem with this status. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly validationErrors: ValidationError[] = [],
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export const problems = {
  badRequest: (detail: string, validationErrors: ValidationError[] = []) =>
    new HttpProblem(400, detail, validationErrors),
  unauthorized: (detail = 'Sign in to continue.') => new HttpProblem(401, detail),
  forbidden: (detail = 'You do not have access to this.') => new HttpProblem(403, detail),
  notFound: (detail = 'Not found.') => new HttpProblem(404, detail),
  conflict: (detail: string) => new HttpProblem(409, detail),
};

export const INTERNAL_ERROR_DETAIL = GENERIC_ERROR_MESSAGE;
