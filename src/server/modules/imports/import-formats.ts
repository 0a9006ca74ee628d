import { type ImportEntityName, importsZip } from '../../../contract/imports';
import type { ImportFormat } from './import-file-rows';

const BY_EXTENSION = new Map<string, ImportFormat>([
  ['.csv', 'csv'],
  ['.txt', 'csv'],
  ['.jsonl', 'jsonl'],
  ['.ndjson', 'jsonl'],
  ['.zip', 'zip'],
]);

const BY_MEDIA_TYPE = new Map<string, ImportFormat>([
  ['text/csv', 'csv'],
  ['application/csv', 'csv'],
  ['application/jsonl', 'jsonl'],
  ['application/x-ndjson', 'jsonl'],
  ['application/x-jsonlines', 'jsonl'],
  ['application/zip', 'zip'],
  ['application/x-zip-compressed', 'zip'],
]);

/** The media types the import route takes, as a 415 answer lists them. */
export const IMPORT_MEDIA_TYPES = [...BY_MEDIA_TYPE.keys()];

/** A file's format by its name's extension, or null. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? null : (BY_EXTENSION.get(fileName.slice(dot).toLowerCase()) ?? null);
}

/** A request body's format by its Content-Type (parameters such as charset ignored), or null. */
export function importFormatOfMediaType(contentType: string | undefined): ImportFormat | null {
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return BY_MEDIA_TYPE.get(mediaType) ?? null;
}

/** Why a file of this format cannot be an import of this entity (pictures come in a zip, the rest as text), or null. */
export function importFormatMismatch(entity: ImportEntityName, format: ImportFormat): string | null {
  if (importsZip(entity)) return format === 'zip' ? null : `An import of ${entity} is a zip file.`;
  return format === 'zip' ? `An import of ${entity} is a CSV or JSON Lines file, not a zip.` : null;
}
