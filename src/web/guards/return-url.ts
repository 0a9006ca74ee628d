import { z } from 'zod';

/**
 * Where to go after signing in. Only a path of this shop: an absolute or protocol-relative URL
 * would let a crafted link send a user elsewhere after login (open redirect), so it is dropped.
 */
export const returnUrlSchema = z
  .string()
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'))
  .optional()
  .catch(undefined);

export const loginSearchSchema = z.object({ returnUrl: returnUrlSchema });
export type LoginSearch = z.infer<typeof loginSearchSchema>;
