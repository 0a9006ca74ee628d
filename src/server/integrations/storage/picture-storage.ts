import type { Config } from '../../config';
import { blobStorageFor } from './blob-storage';

/** The container of imported product pictures: blobs named by their content, so a picture is written once. */
export interface PictureStorage {
  /** Writes the blob unless it is there already (the same name is the same bytes). */
  put(blobName: string, content: Uint8Array, contentType: string): Promise<void>;
  /** The blob's bytes, or null when there is no such blob. */
  read(blobName: string): Promise<Buffer | null>;
}

/** The picture container of the configured blob storage; null where none is configured. */
export function pictureStorageOf(
  config: Pick<Config, 'azureStorageConnectionString' | 'pictureContainer'>,
): PictureStorage | null {
  const connectionString = config.azureStorageConnectionString;
  if (!connectionString) return null;
  const storage = async () => {
    const blobs = await blobStorageFor(connectionString, config.pictureContainer);
    await blobs.ensureContainer();
    return blobs;
  };
  return {
    put: async (blobName, content, contentType) => {
      const blob = (await storage()).blob(blobName);
      if (await blob.exists()) return;
      await blob.uploadData(content, { blobHTTPHeaders: { blobContentType: contentType } });
    },
    read: async (blobName) => {
      const blobs = await storage();
      try {
        return await blobs.blob(blobName).downloadToBuffer();
      } catch (error) {
        if (blobs.isNotFound(error)) return null;
        throw error;
      }
    },
  };
}
