import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../../../contract/upload';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { blobStorageFor } from '../../integrations/storage/blob-storage';

/** Uploads no accepted submission referenced are removed after this long. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
const ALLOWED_TYPES = new Set(Object.values(UPLOAD_EXTENSIONS));

type StorageSettings = Pick<Config, 'azureStorageConnectionString' | 'uploadContainer'>;

function storageOf(config: StorageSettings) {
  if (!config.azureStorageConnectionString) throw new Error('uploads need blob storage');
  return blobStorageFor(config.azureStorageConnectionString, config.uploadContainer);
}

/** A file name as a Content-Disposition header may carry it. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/**
 * The SAS lets the uploader choose headers and size, so before a submission is accepted the server looks at each
 * blob itself: it must exist, be at most UPLOAD_MAX_BYTES, carry an allowed content type, and be unchanged since the
 * server last checked it. Each one that passes gets the server's own content type and an attachment disposition, and
 * its new ETag is remembered. Answers the names refused.
 */
export async function verifyUploads(
  db: Database,
  config: StorageSettings,
  accountId: number,
  blobNames: readonly string[],
): Promise<string[]> {
  if (blobNames.length === 0) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.accountId, accountId), inArray(uploads.blobName, [...blobNames])));
  const byName = new Map(rows.map((row) => [row.blobName, row]));
  const refused: string[] = [];
  for (const name of blobNames) {
    const row = byName.get(name);
    if (!row || !config.azureStorageConnectionString) {
      refused.push(name);
      continue;
    }
    const storage = await storageOf(config);
    const blob = storage.blob(name);
    const properties = await blob.getProperties().catch((error: unknown) => {
      if (storage.isNotFound(error)) return null;
      throw error;
    });
    const acceptable =
      properties !== null &&
      (properties.contentLength ?? 0) > 0 &&
      (properties.contentLength ?? 0) <= UPLOAD_MAX_BYTES &&
      ALLOWED_TYPES.has((properties.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '') &&
      (row.verifiedEtag === null || row.verifiedEtag === properties.etag);
    if (!acceptable || !properties) {
      refused.push(name);
      continue;
    }
    const written = await blob.setHTTPHeaders(
      {
        blobContentType: row.contentType,
        blobContentDisposition: `attachment; filename="${asciiFileName(row.originalFileName)}"`,
      },
      { conditions: properties.etag ? { ifMatch: properties.etag } : {} },
    );
    await db
      .update(uploads)
      .set({ verifiedEtag: written.etag ?? null })
      .where(eq(uploads.blobName, name));
  }
  return refused;
}

/** A stored submission references these uploads: they are kept. */
export async function markUploadsAccepted(db: Database, blobNames: readonly string[], now: Date): Promise<void> {
  if (blobNames.length === 0) return;
  await db
    .update(uploads)
    .set({ acceptedAt: now })
    .where(and(inArray(uploads.blobName, [...blobNames]), isNull(uploads.acceptedAt)));
}

/** Removes the blobs (and rows) of uploads that no accepted submission referenced within a day. */
export async function removeAbandonedUploads(db: Database, config: StorageSettings, now: Date): Promise<number> {
  if (!config.azureStorageConnectionString) return 0;
  const abandoned = await db
    .select({ blobName: uploads.blobName })
    .from(uploads)
    .where(and(isNull(uploads.acceptedAt), lt(uploads.createdAt, new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS))));
  if (abandoned.length === 0) return 0;
  const storage = await storageOf(config);
  for (const { blobName } of abandoned) {
    await storage.blob(blobName).deleteIfExists();
    await db.delete(uploads).where(and(eq(uploads.blobName, blobName), isNull(uploads.acceptedAt)));
  }
  return abandoned.length;
}
