import { toDateTimeInput } from '../../dates/dates';
import { FieldGroup, TextInput, secondaryButtonClass } from '../forms/form-controls';

/**
 * The When of a back-office subject shown or applied for a while: Start and End as `datetime-local` values, each empty
 * for an open end. The hints say what an empty one means for this subject; the API's refusals show beside each field.
 */
export function WindowFields({
  start,
  end,
  onStart,
  onEnd,
  startHint,
  endHint,
  startError,
  endError,
  startNow = false,
}: {
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  startHint: string;
  endHint: string;
  startError: string | undefined;
  endError: string | undefined;
  /** Offers a Start now button beside Start, for subjects staff often mean to show at once. */
  startNow?: boolean;
}) {
  const startInput = (
    <TextInput
      label="Start"
      type="datetime-local"
      hint={startHint}
      value={start}
      onChange={(event) => onStart(event.target.value)}
      error={startError}
    />
  );
  return (
    <FieldGroup legend="When">
      {startNow ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">{startInput}</div>
          <button
            type="button"
            onClick={() => onStart(toDateTimeInput(new Date().toISOString()))}
            className={secondaryButtonClass}
          >
            Start now
          </button>
        </div>
      ) : (
        startInput
      )}
      <TextInput
        label="End"
        type="datetime-local"
        hint={endHint}
        value={end}
        onChange={(event) => onEnd(event.target.value)}
        error={endError}
      />
    </FieldGroup>
  );
}
