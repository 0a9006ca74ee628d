import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { uploadMachine } from '../../machines/upload';
import type { UploadedFile } from '../../src/contract/forms';
import { ApiClient } from '../../src/web/api/api-client';
import { PhotoUploader } from '../../src/web/components/forms/photo-uploader';
import { SessionProvider } from '../../src/web/session/session-context';
import { uploadTarget as target, uploadModelOptions } from '../model/spec/upload';
import { createMachineModel } from '../model/support/model-harness';
import { UI_WAIT_MS } from '../support/ui-wait';

/**
 * The photo uploader along the upload machine's paths: choosing a file starts the machine; the credentials, the
 * blob write and the metadata are the model's deferred actors; progress arrives as the machine's own event. After
 * every step the row shows the machine's progress and status, and the form gets the blob only once it is done.
 */
const photo = new File([new Uint8Array(2000)], 'sidewall.jpg', { type: 'image/jpeg' });

// The same model as tests/model/upload.test.ts (SPEC.md assertions included), with a real File as the photo.
const model = createMachineModel(uploadMachine, {
  ...uploadModelOptions,
  compareContext: false,
  inputs: { 'a 2000-byte photo': { file: photo } },
});

const unreachable: typeof fetch = async () => {
  throw new Error('the model supplies every call of the uploader');
};

describe('the photo uploader along the upload machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const onChange = vi.fn<(files: UploadedFile[]) => void>();
      let view: ReturnType<typeof render> | null = null;
      try {
        await model.run(path, {
          start: async ({ actors, inspect }) => {
            let running: AnyActorRef | null = null;
            const observe = (event: InspectionEvent) => {
              const ref = event.actorRef as AnyActorRef;
              if (event.type === '@xstate.actor' && ref.id.startsWith('upload:') && !running) running = ref;
              inspect(event);
            };
            view = render(
              <QueryClientProvider client={new QueryClient()}>
                <SessionProvider api={new ApiClient({ fetch: unreachable })}>
                  <PhotoUploader
                    label="Photos of the tyre"
                    value={[]}
                    onChange={onChange}
                    onBusyChange={() => undefined}
                    max={8}
                    uploadOverrides={{ actors, inspect: observe }}
                  />
                </SessionProvider>
              </QueryClientProvider>,
            );
            fireEvent.change(screen.getByLabelText('Photos of the tyre'), { target: { files: [photo] } });
            await vi.waitFor(() => expect(running).not.toBeNull(), { timeout: UI_WAIT_MS });
            return running as unknown as AnyActorRef;
          },
          check: async (step) => {
            const state = step.state as AnyMachineSnapshot;
            const bar = await screen.findByRole('progressbar', { name: 'Upload of sidewall.jpg' });
            const percent = Math.round((state.context as { progress: number }).progress * 100);
            expect(bar).toHaveAttribute('value', String(percent));
            if (state.hasTag('busy')) expect(screen.getByText(`Uploading ${percent}%`)).toBeInTheDocument();
            if (state.matches('done')) {
              expect(await screen.findByText('Uploaded')).toBeInTheDocument();
              await vi.waitFor(
                () =>
                  expect(onChange).toHaveBeenCalledWith([
                    { fileName: target.fileName, originalFileName: 'sidewall.jpg' },
                  ]),
                { timeout: UI_WAIT_MS },
              );
            } else {
              expect(onChange).not.toHaveBeenCalled();
            }
            if (state.matches('failed')) {
              expect(await screen.findByText('Upload failed')).toBeInTheDocument();
              expect(warn).toHaveBeenCalledWith('Upload of sidewall.jpg failed', expect.anything());
            }
          },
        });
      } finally {
        (view as ReturnType<typeof render> | null)?.unmount();
        vi.useRealTimers();
      }
    });
  }
});
