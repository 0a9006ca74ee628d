import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { StaffDiscountCode, StaffDiscountCodeFields } from '../../../../contract/staff-content';
import { staffDiscountCodesKey, staffDiscountCodesQuery } from '../../../api/queries/staff';
import {
  DiscountCodeForm,
  EMPTY_DISCOUNT_CODE,
  draftOfDiscountCode,
} from '../../../components/back-office/discount-code-form';
import { ContentListPage } from '../../../components/back-office/content-list-page';
import { RowEditDelete } from '../../../components/back-office/row-edit-delete';
import { formatLongDateTime } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/discount-codes')({
  staticData: { title: 'Discount codes', crumb: 'Discount codes' },
  component: DiscountCodesPage,
});

function useDiscountCodesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffDiscountCodesKey });
}

function DiscountCodesPage() {
  const api = useApi();
  const list = useQuery(staffDiscountCodesQuery(api));
  // null: the form creates a code; otherwise it edits this one.
  const [editing, setEditing] = useState<StaffDiscountCode | null>(null);
  return (
    <ContentListPage
      intro="Customers type a code in the Discount field of the checkout; it takes its percentage off the order's items while it is active. A change applies to carts from their next request."
      list={list}
      listId="discount-codes-list"
      listHeading="Every discount code"
      loading="Loading the discount codes…"
      empty="No discount codes yet. Customers' codes are refused."
      rows={(codes) => <DiscountCodesTable codes={codes} onEdit={setEditing} />}
      formId="discount-code-form"
      formHeading={editing ? `Edit the code ${editing.code}` : 'New discount code'}
      editing={editing}
      form={
        editing ? (
          <EditDiscountCode key={editing.code} code={editing} onDone={() => setEditing(null)} />
        ) : (
          <CreateDiscountCode />
        )
      }
    />
  );
}

function CreateDiscountCode() {
  const api = useApi();
  const changed = useDiscountCodesChanged();
  // A new key after each code created empties the form for the next.
  const [round, setRound] = useState(0);
  const create = useMutation({
    mutationFn: (body: StaffDiscountCodeFields) => api.call('staffDiscountCodeCreate', { body }),
    onSuccess: async () => {
      await changed();
      setRound(round + 1);
    },
  });
  return (
    <>
      {create.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Added {create.data.code}.
        </p>
      ) : null}
      <DiscountCodeForm
        key={round}
        initial={EMPTY_DISCOUNT_CODE}
        editing={false}
        submitLabel="Add the discount code"
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) => create.mutate(body)}
      />
    </>
  );
}

function EditDiscountCode({ code, onDone }: { code: StaffDiscountCode; onDone: () => void }) {
  const api = useApi();
  const changed = useDiscountCodesChanged();
  const save = useMutation({
    mutationFn: (body: StaffDiscountCodeFields) => api.call('staffDiscountCodeSave', { body }),
    onSuccess: async () => {
      await changed();
      onDone();
    },
  });
  return (
    <DiscountCodeForm
      initial={draftOfDiscountCode(code)}
      editing
      submitLabel="Save the discount code"
      pending={save.isPending}
      error={save.error}
      onSubmit={(body) => save.mutate(body)}
      onCancel={onDone}
    />
  );
}

const when = (instant: string | null, open: string) => (instant ? formatLongDateTime(instant) : open);
const limit = (uses: number | null) => (uses === null ? 'no limit' : String(uses));

function DiscountCodesTable({
  codes,
  onEdit,
}: {
  codes: readonly StaffDiscountCode[];
  onEdit: (code: StaffDiscountCode) => void;
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Discount codes">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Every discount code, by code, with its uses and whether it is active now</caption>
        <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Code
            </th>
            <th scope="col" className="py-2 pr-4">
              Label
            </th>
            <th scope="col" className="py-2 pr-4">
              Off
            </th>
            <th scope="col" className="py-2 pr-4">
              Start
            </th>
            <th scope="col" className="py-2 pr-4">
              End
            </th>
            <th scope="col" className="py-2 pr-4">
              Used / limit
            </th>
            <th scope="col" className="py-2 pr-4">
              Per account
            </th>
            <th scope="col" className="py-2 pr-4">
              Active now
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <DiscountCodeRow key={code.code} code={code} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DiscountCodeRow({ code, onEdit }: { code: StaffDiscountCode; onEdit: (code: StaffDiscountCode) => void }) {
  const api = useApi();
  const changed = useDiscountCodesChanged();
  const remove = useMutation({
    mutationFn: () => api.call('staffDiscountCodeDelete', { body: { code: code.code } }),
    onSuccess: changed,
  });
  return (
    <tr className="border-b border-black/5 align-top">
      <th scope="row" className="py-2 pr-4 font-mono font-semibold">
        {code.code}
      </th>
      <td className="max-w-xs py-2 pr-4">{code.label}</td>
      <td className="py-2 pr-4">{code.percentage}%</td>
      <td className="py-2 pr-4">{when(code.startDate, 'Open')}</td>
      <td className="py-2 pr-4">{when(code.endDate, 'Open')}</td>
      <td className="py-2 pr-4">
        {code.timesUsed} / {limit(code.usesInTotal)}
      </td>
      <td className="py-2 pr-4">{limit(code.usesPerAccount)}</td>
      <td className="py-2 pr-4">{code.activeNow ? 'Yes' : 'No'}</td>
      <td className="py-2">
        <RowEditDelete
          named={code.code}
          question={`Delete ${code.code}? Customers can no longer use it; placed orders keep their discount.`}
          onEdit={() => onEdit(code)}
          remove={remove}
        />
      </td>
    </tr>
  );
}
