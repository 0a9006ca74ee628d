import { describe, expect, it, vi } from 'vitest';
import type { UploadServices } from '../../src/web/uploads/upload-file';
import { startUpload } from '../../src/web/uploads/upload-file';
import { attachmentDisposition } from '../../src/web/uploads/blob-writer';

const photo = { name: 'sidewall.jpg', size: 4, type: 'image/jpeg' };
const target = { sasUri: 'http://127.0.0.1:1/devstoreaccount1/uploads/a.jpg?sig=x', fileName: 'C1/2026-11/a.jpg' };

function services(overrides: Partial<UploadServices<typeof photo>> = {}) {
  return {
    requestUploadTarget: vi.fn(async () => target),
    uploadBlob: vi.fn(
      async ({ progressTo }: { progressTo: { send(event: { type: 'upload.progress'; loaded: number }): void } }) => {
        progressTo.send({ type: 'upload.progress', loaded: 2 });
      },
    ),
    setBlobMetadata: vi.fn(async () => undefined),
    log: vi.fn(),
    ...overrides,
  };
}

describe('the upload helper (SPEC.md §5)', () => {
  it('returns true after the bytes and the metadata are written, with progress on the way', async () => {
    const deps = services();
    const { actor, result } = startUpload(photo, deps);
    const progress: number[] = [];
    actor.subscribe((snapshot) => progress.push(snapshot.context.progress));
    expect(await result).toBe(true);
    expect(deps.requestUploadTarget).toHaveBeenCalledWith({ fileName: 'sidewall.jpg', fileSize: 4 });
    expect(deps.setBlobMetadata).toHaveBeenCalledWith(expect.objectContaining({ file: photo, target }));
    expect(progress).toContain(0.5);
    expect(actor.getSnapshot().context.progress).toBe(1);
    expect(deps.log).not.toHaveBeenCalled();
  });

  it.each([
    ['sasUri', { fileName: target.fileName }],
    ['fileName', { sasUri: target.sasUri }],
  ])('returns false without uploading when the target has no %s', async (_missing, answer) => {
    const deps = services({ requestUploadTarget: vi.fn(async () => answer) });
    expect(await startUpload(photo, deps).result).toBe(false);
    expect(deps.uploadBlob).not.toHaveBeenCalled();
    expect(deps.setBlobMetadata).not.toHaveBeenCalled();
    expect(deps.log).toHaveBeenCalledOnce();
  });

  it('returns false and logs the error when any step fails', async () => {
    const failure = new Error('403 AuthorizationFailure');
    for (const broken of [
      { requestUploadTarget: vi.fn(async () => Promise.reject(failure)) },
      { uploadBlob: vi.fn(async () => Promise.reject(failure)) },
      { setBlobMetadata: vi.fn(async () => Promise.reject(failure)) },
    ]) {
      const deps = services(broken);
      expect(await startUpload(photo, deps).result).toBe(false);
      expect(deps.log).toHaveBeenCalledWith('Upload of sidewall.jpg failed', failure);
    }
  });
});

describe('the content disposition of an uploaded file', () => {
  it('is an attachment named after the file, with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Tread photo.jpg')).toBe(
      `attachment; filename="Tread photo.jpg"; filename*=UTF-8''Tread%20photo.jpg`,
    );
    expect(attachmentDisposition('pneu "été".jpg')).toBe(
      `attachment; filename="pneu %22%C3%A9t%C3%A9%22.jpg"; filename*=UTF-8''pneu%20%22%C3%A9t%C3%A9%22.jpg`,
    );
  });
});
