import { useMutation } from '@tanstack/react-query';
import {
  HOME_LINK_MAX,
  HOME_PICTURE_MAX_BYTES,
  HOME_TEXT_MAX,
  HOME_TITLE_MAX,
  type StaffHomeTile,
  type StaffHomeTileFields,
  type StaffPromotionBanner,
  type StaffPromotionBannerFields,
} from '../../../contract/staff-home-content';
import { ApiError } from '../../api/api-error';
import { fromDateTimeInput, toDateTimeInput } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { FieldGroup, TextInput } from '../forms/form-controls';
import { type StaffEditFormProps, StaffEditForm, useStaffDraft } from './staff-edit-form';
import { WindowFields } from './window-fields';

/** The fields the banner and a tile share, as typed. */
interface PictureDraft {
  readonly title: string;
  readonly alternateText: string;
  readonly imageUrl: string;
  readonly linkUrl: string;
}

export interface BannerDraft extends PictureDraft {
  readonly start: string;
  readonly end: string;
}

export interface TileDraft extends PictureDraft {
  readonly sortOrder: string;
}

const EMPTY_PICTURE: PictureDraft = { title: '', alternateText: '', imageUrl: '', linkUrl: '' };
export const EMPTY_BANNER: BannerDraft = { ...EMPTY_PICTURE, start: '', end: '' };
export const EMPTY_TILE: TileDraft = { ...EMPTY_PICTURE, sortOrder: '0' };

export function draftOfBanner(banner: StaffPromotionBanner | null): BannerDraft {
  if (!banner) return EMPTY_BANNER;
  return {
    title: banner.picture.title,
    alternateText: banner.picture.alternateText,
    imageUrl: banner.picture.imageUrl,
    linkUrl: banner.linkUrl,
    start: banner.startDate ? toDateTimeInput(banner.startDate) : '',
    end: banner.endDate ? toDateTimeInput(banner.endDate) : '',
  };
}

export function draftOfTile(tile: StaffHomeTile): TileDraft {
  return {
    title: tile.title,
    alternateText: tile.alternateText,
    imageUrl: tile.picture.imageUrl,
    linkUrl: tile.linkUrl,
    sortOrder: String(tile.sortOrder),
  };
}

const pictureFieldsOf = (draft: PictureDraft) => ({
  title: draft.title,
  alternateText: draft.alternateText,
  imageUrl: draft.imageUrl,
  linkUrl: draft.linkUrl,
});

/** Blank or not a number goes as NaN, which JSON sends as null, so the API names the field rather than guessing 0. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The file's bytes in base64, as Staff/HomePicture takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * The picture: the one saved (or just uploaded) shown, and a file to replace it. The file is sent as soon as it is
 * chosen; the server checks its content and answers the URL the form then saves.
 */
function PictureInput({
  imageUrl,
  alternateText,
  onUploaded,
  error,
}: {
  imageUrl: string;
  alternateText: string;
  onUploaded: (imageUrl: string) => void;
  error: string | undefined;
}) {
  const api = useApi();
  const upload = useMutation({
    mutationFn: async (file: File) => api.call('staffHomePicture', { body: { content: await base64Of(file) } }),
    onSuccess: (stored) => onUploaded(stored.imageUrl),
  });
  const uploadError =
    upload.error instanceof ApiError
      ? (upload.error.fieldError('content') ?? upload.error.message)
      : upload.error?.message;
  return (
    <div className="space-y-2">
      {imageUrl ? <img src={imageUrl} alt={alternateText} className="max-h-40 rounded border border-black/10" /> : null}
      <TextInput
        label="Picture"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hint={`A JPEG, PNG or WebP picture of at most ${HOME_PICTURE_MAX_BYTES / 1024} KB`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
        }}
        error={uploadError ?? error}
      />
      {upload.isPending ? (
        <p role="status" className="text-sm text-black/70">
          Uploading the picture…
        </p>
      ) : null}
    </div>
  );
}

function PictureFields<Draft extends PictureDraft>({
  draft,
  set,
  fieldError,
}: {
  draft: Draft;
  set: (key: keyof PictureDraft, value: string) => void;
  fieldError: (name: keyof PictureDraft) => string | undefined;
}) {
  return (
    <>
      <TextInput
        label="Title"
        required
        maxLength={HOME_TITLE_MAX}
        value={draft.title}
        onChange={(event) => set('title', event.target.value)}
        error={fieldError('title')}
      />
      <PictureInput
        imageUrl={draft.imageUrl}
        alternateText={draft.alternateText}
        onUploaded={(imageUrl) => set('imageUrl', imageUrl)}
        error={fieldError('imageUrl')}
      />
      <TextInput
        label="Text for the picture"
        required
        maxLength={HOME_TEXT_MAX}
        hint="What the picture shows, read to customers who cannot see it"
        value={draft.alternateText}
        onChange={(event) => set('alternateText', event.target.value)}
        error={fieldError('alternateText')}
      />
      <TextInput
        label="Link"
        required
        maxLength={HOME_LINK_MAX}
        hint="A page of the shop, e.g. /tyres"
        value={draft.linkUrl}
        onChange={(event) => set('linkUrl', event.target.value)}
        error={fieldError('linkUrl')}
      />
    </>
  );
}

/** The promotion banner's fields as content staff set them; the server checks every field and names its refusals. */
export function PromotionBannerForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: StaffEditFormProps<BannerDraft, StaffPromotionBannerFields>) {
  const { draft, set, fieldError } = useStaffDraft<BannerDraft, StaffPromotionBannerFields>(initial, error);
  return (
    <StaffEditForm
      submitLabel={submitLabel}
      pending={pending}
      error={error}
      onSubmit={() =>
        onSubmit({
          ...pictureFieldsOf(draft),
          startDate: fromDateTimeInput(draft.start),
          endDate: fromDateTimeInput(draft.end),
        })
      }
      onCancel={onCancel}
    >
      <FieldGroup legend="Banner">
        <PictureFields draft={draft} set={set} fieldError={fieldError} />
      </FieldGroup>
      <WindowFields
        start={draft.start}
        end={draft.end}
        onStart={(value) => set('start', value)}
        onEnd={(value) => set('end', value)}
        startHint="Empty shows it from now on"
        endHint="Empty shows it until it is cleared"
        startError={fieldError('startDate')}
        endError={fieldError('endDate')}
        startNow
      />
    </StaffEditForm>
  );
}

/** A merchandise tile's fields as content staff set them. */
export function HomeTileForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: StaffEditFormProps<TileDraft, StaffHomeTileFields>) {
  const { draft, set, fieldError } = useStaffDraft<TileDraft, StaffHomeTileFields>(initial, error);
  return (
    <StaffEditForm
      submitLabel={submitLabel}
      pending={pending}
      error={error}
      onSubmit={() => onSubmit({ ...pictureFieldsOf(draft), sortOrder: wholeNumber(draft.sortOrder) })}
      onCancel={onCancel}
    >
      <FieldGroup legend="Tile">
        <PictureFields draft={draft} set={set} fieldError={fieldError} />
        <TextInput
          label="Sort order"
          required
          inputMode="numeric"
          hint="The home page shows the lowest first"
          value={draft.sortOrder}
          onChange={(event) => set('sortOrder', event.target.value)}
          error={fieldError('sortOrder')}
        />
      </FieldGroup>
    </StaffEditForm>
  );
}
