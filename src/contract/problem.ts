import { z } from 'zod';

/** The error answer of every route (DESIGN.md §4), sent as application/problem+json. */
export const validationErrorSchema = z.object({ name: z.string(), reason: z.string() });

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  isError: z.literal(true),
  errors: z.array(z.object({ reason: z.string() })),
  validationErrors: z.array(validationErrorSchema),
});

export type Problem = z.infer<typeof problemSchema>;
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** SPEC.md §8: the message shown for a generic failure without detail. */
export const GENERIC_ERROR_MESSAGE = 'An error has occurred';
/** SPEC.md §8: the message shown when no response was received. */
export const COMMUNICATION_ERROR_MESSAGE = 'A communication error has occurred';
