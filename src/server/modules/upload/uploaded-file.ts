import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { problems } from '../../http/problem';
import { blobStorageFor } from '../../integrations/storage/blob-storage';
import { API_PREFIX } from '../../../contract/routes';
import { asciiFileName } from './upload-verification';

/** Where a system with an integration key reads an uploaded file an event names (GET Integration/UploadedFile). */
export function uploadedFileUrl(config: Pick<Config, 'publicUrl'>, blobName: string): string {
  return `${config.publicUrl}${API_PREFIX}/Integration/UploadedFile?${new URLSearchParams({ name: blobName })}`;
}

/**
 * A file a stored submission accepted, with the content type and name the shop checked when it accepted it. A file
 * no submission took (still being uploaded, or abandoned) is as unknown as one that never existed.
 */
export async function readUploadedFile(
  db: Database,
  config: Pick<Config, 'azureStorageConnectionString' | 'uploadContainer'>,
  blobName: string,
) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.blobName, blobName), isNotNull(uploads.acceptedAt)));
  if (!row || !config.azureStorageConnectionString) throw problems.notFound('There is no such uploaded file.');
  const storage = await blobStorageFor(config.azureStorageConnectionString, config.uploadContainer);
  const bytes = await storage
    .blob(blobName)
    .downloadToBuffer()
    .catch((error: unknown) => {
      if (storage.isNotFound(error)) throw problems.notFound('There is no such uploaded file.');
      throw error;
    });
  return { bytes, contentType: row.contentType, fileName: asciiFileName(row.originalFileName) };
}
