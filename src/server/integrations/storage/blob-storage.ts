import type { BlockBlobClient } from '@azure/storage-blob';
import { type BlobConnection, parseBlobConnection } from './blob-connection';

export interface BlobStorage {
  /** Creates the container once, if it is missing. */
  ensureContainer(): Promise<void>;
  /** A URL that can create and write `blobName` only (no read, list or delete), until `expiresOn`. */
  uploadUrl(blobName: string, expiresOn: Date): string;
  /** A URL that can read `blobName` only, until `expiresOn`. */
  readUrl(blobName: string, expiresOn: Date): string;
  /** The client of one blob of the container. */
  blob(blobName: string): BlockBlobClient;
  /** Whether a failed call failed because its blob (or container) does not exist. */
  isNotFound(error: unknown): boolean;
}

export async function createBlobStorage(connectionString: string, container: string): Promise<BlobStorage> {
  const {
    BlobSASPermissions,
    BlobServiceClient,
    RestError,
    SASProtocol,
    StorageSharedKeyCredential,
    generateBlobSASQueryParameters,
  } = await import('@azure/storage-blob');
  const connection: BlobConnection = parseBlobConnection(connectionString);
  const credential = new StorageSharedKeyCredential(connection.accountName, connection.accountKey);
  const service = new BlobServiceClient(connection.blobEndpoint, credential);
  const containerClient = service.getContainerClient(container);
  let ensured: Promise<void> | null = null;
  const signedUrl = (blobName: string, permissions: string, expiresOn: Date) => {
    const sas = generateBlobSASQueryParameters(
      {
        containerName: container,
        blobName,
        permissions: BlobSASPermissions.parse(permissions),
        expiresOn,
        protocol: connection.blobEndpoint.startsWith('https:') ? SASProtocol.Https : SASProtocol.HttpsAndHttp,
      },
      credential,
    ).toString();
    return `${containerClient.getBlockBlobClient(blobName).url}?${sas}`;
  };
  return {
    blob: (blobName) => containerClient.getBlockBlobClient(blobName),
    isNotFound: (error) => error instanceof RestError && error.statusCode === 404,
    ensureContainer: () => {
      ensured ??= containerClient.createIfNotExists().then(
        () => undefined,
        (error: unknown) => {
          ensured = null;
          throw error;
        },
      );
      return ensured;
    },
    uploadUrl: (blobName, expiresOn) => signedUrl(blobName, 'cw', expiresOn),
    readUrl: (blobName, expiresOn) => signedUrl(blobName, 'r', expiresOn),
  };
}

const storages = new Map<string, Promise<BlobStorage>>();
const starting = new Map<string, Promise<void>>();

/**
 * Says that the storage at `connectionString` serves once `ready` resolves (the embedded Azurite, which starts after
 * the shop's catalogue has loaded): its clients wait for that, and fail if it fails.
 */
export function storageStarting(connectionString: string, ready: Promise<void>): void {
  starting.set(connectionString, ready);
}

/**
 * One client per connection string and container, once its storage serves. The storage SDK is loaded when storage is
 * first used, not while the server starts (a fifth of a second of its start-up, docs/performance.md).
 */
export function blobStorageFor(connectionString: string, container: string): Promise<BlobStorage> {
  const key = `${container}\n${connectionString}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = (starting.get(connectionString) ?? Promise.resolve()).then(() =>
      createBlobStorage(connectionString, container),
    );
    storages.set(key, storage);
    storage.catch(() => storages.delete(key));
  }
  return storage;
}
