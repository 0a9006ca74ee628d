import { z } from 'zod';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** What the shop accepts as an upload: photos and PDFs (warranty evidence, invoices). */
export const UPLOAD_EXTENSIONS: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.pdf': 'application/pdf',
};
/** 15 MB: a phone photo at full resolution, with room to spare. */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

export function uploadExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

export function uploadContentType(fileName: string): string | undefined {
  const extension = uploadExtension(fileName);
  // Own keys only: a name an object inherits ('constructor') is no extension of ours.
  return Object.hasOwn(UPLOAD_EXTENSIONS, extension) ? UPLOAD_EXTENSIONS[extension] : undefined;
}

/** SPEC.md §3 'Upload credentials request'. fileSize is ours: when given, the server refuses files over the limit. */
export const uploadTokenRequestSchema = z.object({
  fileName: z
    .string({ error: 'Choose a file' })
    .trim()
    .min(1, 'Choose a file')
    .max(200, 'The file name is too long (at most 200 characters)')
    .refine(
      (name) => ![...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32),
      'The file name contains characters that are not allowed',
    )
    .refine(
      (name) => uploadContentType(name) !== undefined,
      `Only ${Object.keys(UPLOAD_EXTENSIONS).join(', ')} files can be uploaded`,
    ),
  fileSize: z
    .number()
    .int()
    .min(1, 'The file is empty')
    .max(UPLOAD_MAX_BYTES, `Files can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`)
    .optional(),
  captchaToken: z.string().max(4000).optional(),
});
export type UploadTokenRequest = z.input<typeof uploadTokenRequestSchema>;

/** SPEC.md §3 'Upload target': a write-only SAS for one new blob, and that blob's name. */
export const uploadTargetSchema = z.object({
  sasUri: z.string(),
  fileName: z.string(),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const uploadRoutes = {
  uploadToken: defineRoute({
    method: 'POST',
    path: 'Upload/Token',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Upload',
    summary: 'A write-only signed URL for one new blob, valid for minutes, for an allowed file type',
    body: uploadTokenRequestSchema,
    response: uploadTargetSchema,
  }),
};
