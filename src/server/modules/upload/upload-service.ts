import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { type UploadTarget, uploadContentType, uploadExtension } from '../../../contract/upload';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { minutesAfter, utcMonthOf } from '../../dates';
import { accounts, uploads } from '../../db/schema';
import { problems } from '../../http/problem';
import { blobStorageFor } from '../../integrations/storage/blob-storage';

/**
 * Signs an upload of one new blob for the customer: the blob name is ours (account code, month, random id, the
 * file's extension), so a customer can never overwrite anything; the SAS allows create and write only.
 */
export async function issueUploadTarget(
  db: Database,
  config: Config,
  accountId: number,
  fileName: string,
  now: Date,
): Promise<UploadTarget> {
  const contentType = uploadContentType(fileName);
  if (!contentType)
    throw problems.badRequest('This type of file cannot be uploaded.', [
      { name: 'fileName', reason: 'This type of file cannot be uploaded' },
    ]);
  if (!config.azureStorageConnectionString) {
    throw problems.badRequest('File uploads are not available at the moment.');
  }
  const [account] = await db.select({ code: accounts.code }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw problems.unauthorized();
  const storage = await blobStorageFor(config.azureStorageConnectionString, config.uploadContainer);
  await storage.ensureContainer();
  const month = utcMonthOf(now);
  const blobName = `${account.code}/${month}/${randomUUID()}${uploadExtension(fileName)}`;
  await db.insert(uploads).values({ blobName, accountId, originalFileName: fileName, contentType, createdAt: now });
  const expiresOn = minutesAfter(now, config.uploadSasMinutes);
  return { sasUri: storage.uploadUrl(blobName, expiresOn), fileName: blobName };
}

/** The blob names among `blobNames` that this account was not given an upload for. */
export async function foreignUploads(db: Database, accountId: number, blobNames: readonly string[]): Promise<string[]> {
  if (blobNames.length === 0) return [];
  const rows = await db
    .select({ blobName: uploads.blobName })
    .from(uploads)
    .where(and(eq(uploads.accountId, accountId), inArray(uploads.blobName, [...blobNames])));
  const own = new Set(rows.map((row) => row.blobName));
  return blobNames.filter((name) => !own.has(name));
}
