import { ApiError } from '../../api/api-error';

/** What a failed call says to staff: the problem's detail, else the generic sentence; null for no error. */
export const errorMessage = (error: unknown): string | null =>
  error ? (error instanceof ApiError ? error.message : 'An error has occurred') : null;
