import type { Notification } from '../../../contract/home';
import { NOTIFICATION_TEXT_MAX, type StaffNotificationFields } from '../../../contract/staff-content';
import { fromDateTimeInput, toDateTimeInput } from '../../dates/dates';
import { CheckboxInput, FieldGroup, TextArea, TextInput } from '../forms/form-controls';
import { NotificationCycle } from '../notification-bar/notification-bar';
import { type StaffEditFormProps, StaffEditForm, useStaffDraft } from './staff-edit-form';
import { WindowFields } from './window-fields';

/** The form's fields as typed: dates as `datetime-local` values, numbers as text, so nothing typed is lost. */
export interface NotificationDraft {
  readonly text: string;
  readonly start: string;
  readonly end: string;
  readonly sortOrder: string;
  readonly secondsToDisplay: string;
  readonly displayOnSaleIcon: boolean;
}

export const EMPTY_NOTIFICATION: NotificationDraft = {
  text: '',
  start: '',
  end: '',
  sortOrder: '0',
  secondsToDisplay: '',
  displayOnSaleIcon: false,
};

export function draftOf(notification: Notification): NotificationDraft {
  return {
    text: notification.text,
    start: notification.startDate ? toDateTimeInput(notification.startDate) : '',
    end: notification.endDate ? toDateTimeInput(notification.endDate) : '',
    sortOrder: String(notification.sortOrder),
    secondsToDisplay: notification.secondsToDisplay === null ? '' : String(notification.secondsToDisplay),
    displayOnSaleIcon: notification.displayOnSaleIcon,
  };
}

/** Blank or not a number goes as NaN, which JSON sends as null, so the API names the field rather than guessing 0. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function fieldsOf(draft: NotificationDraft): StaffNotificationFields {
  return {
    text: draft.text,
    startDate: fromDateTimeInput(draft.start),
    endDate: fromDateTimeInput(draft.end),
    sortOrder: wholeNumber(draft.sortOrder),
    secondsToDisplay: draft.secondsToDisplay.trim() === '' ? null : wholeNumber(draft.secondsToDisplay),
    displayOnSaleIcon: draft.displayOnSaleIcon,
  };
}

/** The bar as customers will see the notification, from what is typed (a seconds value it cannot use shows 5 s). */
function Preview({ draft }: { draft: NotificationDraft }) {
  const seconds = wholeNumber(draft.secondsToDisplay);
  const notification: Notification = {
    id: 0,
    text: draft.text.trim(),
    startDate: null,
    endDate: null,
    sortOrder: 0,
    secondsToDisplay: Number.isInteger(seconds) && seconds > 0 ? seconds : null,
    displayOnSaleIcon: draft.displayOnSaleIcon,
  };
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">Preview</h3>
      {notification.text === '' ? (
        <p className="text-sm text-black/70">Type the text to see the bar as customers will.</p>
      ) : (
        <div className="overflow-hidden rounded border border-black/10">
          <NotificationCycle notifications={[notification]} label="Preview of the notification bar" />
        </div>
      )}
    </div>
  );
}

/**
 * A notification's fields as content staff set them, with the bar previewed as typed. The server checks every field
 * and names the ones it refuses beside them.
 */
export function NotificationForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: StaffEditFormProps<NotificationDraft, StaffNotificationFields>) {
  const { draft, set, fieldError } = useStaffDraft<NotificationDraft, StaffNotificationFields>(initial, error);
  return (
    <StaffEditForm
      submitLabel={submitLabel}
      pending={pending}
      error={error}
      onSubmit={() => onSubmit(fieldsOf(draft))}
      onCancel={onCancel}
    >
      <FieldGroup legend="Notification">
        <TextArea
          label="Text"
          required
          rows={2}
          maxLength={NOTIFICATION_TEXT_MAX}
          value={draft.text}
          onChange={(event) => set('text', event.target.value)}
          error={fieldError('text')}
        />
        <Preview draft={draft} />
      </FieldGroup>
      <WindowFields
        start={draft.start}
        end={draft.end}
        onStart={(value) => set('start', value)}
        onEnd={(value) => set('end', value)}
        startHint="Empty shows it from now on"
        endHint="Empty shows it until it is deleted"
        startError={fieldError('startDate')}
        endError={fieldError('endDate')}
        startNow
      />
      <FieldGroup legend="Display">
        <TextInput
          label="Sort order"
          required
          inputMode="numeric"
          hint="The bar shows the lowest first"
          value={draft.sortOrder}
          onChange={(event) => set('sortOrder', event.target.value)}
          error={fieldError('sortOrder')}
        />
        <TextInput
          label="Seconds to display"
          inputMode="numeric"
          hint="Empty for the bar's default of 5 seconds"
          value={draft.secondsToDisplay}
          onChange={(event) => set('secondsToDisplay', event.target.value)}
          error={fieldError('secondsToDisplay')}
        />
        <CheckboxInput
          label="Show the sale icon"
          checked={draft.displayOnSaleIcon}
          onChange={(checked) => set('displayOnSaleIcon', checked)}
          error={fieldError('displayOnSaleIcon')}
        />
      </FieldGroup>
    </StaffEditForm>
  );
}
