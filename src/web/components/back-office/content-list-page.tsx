import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '../../api/api-error';
import { FormError } from '../session/form-field';

/**
 * The frame of a content page: what the page is for, the list (loading, its error, empty, or the rows), and below it
 * the form that creates a row or edits the one chosen. Choosing Edit moves focus to the form's heading, so keyboard
 * users land where they type.
 */
export function ContentListPage<Row>({
  intro,
  list,
  listId,
  listHeading,
  loading,
  empty,
  rows,
  formId,
  formHeading,
  editing,
  form,
}: {
  intro: ReactNode;
  list: UseQueryResult<readonly Row[]>;
  listId: string;
  listHeading: string;
  loading: string;
  empty: string;
  rows: (rows: readonly Row[]) => ReactNode;
  formId: string;
  formHeading: string;
  /** The row being edited, or null while the form creates one. */
  editing: unknown;
  form: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  return (
    <div className="space-y-8">
      <p className="max-w-prose text-sm text-black/70">{intro}</p>
      <section aria-labelledby={listId} className="space-y-3">
        <h2 id={listId} className="text-lg font-semibold">
          {listHeading}
        </h2>
        {list.isPending ? (
          <p role="status" className="text-sm text-black/70">
            {loading}
          </p>
        ) : list.isError ? (
          <FormError message={errorMessage(list.error)} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-black/70">{empty}</p>
        ) : (
          rows(list.data)
        )}
      </section>
      <section aria-labelledby={formId} className="space-y-3">
        <h2 id={formId} ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {formHeading}
        </h2>
        {form}
      </section>
    </div>
  );
}
