import type { BlobUploadInput, BlobWriteInput } from '../../../machines/upload';
import { uploadContentType } from '../../contract/upload';

/** A header value any server accepts: the name as ASCII, other characters percent-encoded. */
function asciiName(name: string): string {
  return [...name]
    .map((char) => (/[\x20-\x7e]/.test(char) && char !== '"' && char !== '%' ? char : encodeURIComponent(char)))
    .join('');
}

/** RFC 6266: a plain ASCII fallback, and the exact name in UTF-8 for browsers that read filename*. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function contentTypeOf(file: { name: string; type: string }): string {
  return file.type || uploadContentType(file.name) || 'application/octet-stream';
}

/** @azure/storage-blob is about 100 KB gzip: only pages that upload load it, on first use. */
async function blockBlob(sasUri: string) {
  const { BlockBlobClient } = await import('@azure/storage-blob');
  return new BlockBlobClient(sasUri);
}

/** The bytes, with their content type and a download-as-attachment disposition; progress goes to the machine. */
export async function uploadBlob({
  file,
  target,
  progressTo,
}: BlobUploadInput & { file: Blob & { name: string } }): Promise<void> {
  const blob = await blockBlob(target.sasUri);
  await blob.uploadData(file, {
    blobHTTPHeaders: { blobContentType: contentTypeOf(file), blobContentDisposition: attachmentDisposition(file.name) },
    onProgress: ({ loadedBytes }) => progressTo.send({ type: 'upload.progress', loaded: loadedBytes }),
  });
}

/** SPEC.md §3: the original file name as metadata (OriginalFileName). */
export async function setBlobMetadata({ file, target }: BlobWriteInput): Promise<void> {
  const blob = await blockBlob(target.sasUri);
  await blob.setMetadata({ OriginalFileName: asciiName(file.name) });
}
