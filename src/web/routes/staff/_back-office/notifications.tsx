import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { StaffNotification, StaffNotificationFields } from '../../../../contract/staff-content';
import { homeNotificationsQuery } from '../../../api/queries/home';
import { staffNotificationsKey, staffNotificationsQuery } from '../../../api/queries/staff';
import { ContentListPage } from '../../../components/back-office/content-list-page';
import { EMPTY_NOTIFICATION, NotificationForm, draftOf } from '../../../components/back-office/notification-form';
import { RowEditDelete } from '../../../components/back-office/row-edit-delete';
import { formatLongDateTime } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/notifications')({
  staticData: { title: 'Notifications', crumb: 'Notifications' },
  component: NotificationsPage,
});

/** What a change refreshes: this list, and the bar of the member's own shell, which shows the same notifications. */
function useNotificationsChanged() {
  const api = useApi();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffNotificationsKey }),
      queryClient.invalidateQueries({ queryKey: homeNotificationsQuery(api).queryKey }),
    ]);
}

function NotificationsPage() {
  const api = useApi();
  const list = useQuery(staffNotificationsQuery(api));
  // null: the form creates a notification; otherwise it edits this one.
  const [editing, setEditing] = useState<StaffNotification | null>(null);
  return (
    <ContentListPage
      intro="Signed-in customers see the notifications showing now in the bar at the top of every page, one at a time, lowest sort order first. A change reaches them within 5 seconds."
      list={list}
      // Not 'Notifications': the shell's notification bar is the region of that name.
      listId="notifications-list"
      listHeading="Every notification"
      loading="Loading the notifications…"
      empty="No notifications yet. Customers see no bar."
      rows={(notifications) => <NotificationsTable notifications={notifications} onEdit={setEditing} />}
      formId="notification-form"
      formHeading={editing ? 'Edit the notification' : 'New notification'}
      editing={editing}
      form={
        editing ? (
          <EditNotification key={editing.id} notification={editing} onDone={() => setEditing(null)} />
        ) : (
          <CreateNotification />
        )
      }
    />
  );
}

function CreateNotification() {
  const api = useApi();
  const changed = useNotificationsChanged();
  // A new key after each notification created empties the form for the next.
  const [round, setRound] = useState(0);
  const create = useMutation({
    mutationFn: (body: StaffNotificationFields) => api.call('staffNotificationCreate', { body }),
    onSuccess: async () => {
      await changed();
      setRound(round + 1);
    },
  });
  return (
    <>
      {create.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Scheduled.
        </p>
      ) : null}
      <NotificationForm
        key={round}
        initial={EMPTY_NOTIFICATION}
        submitLabel="Schedule the notification"
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) => create.mutate(body)}
      />
    </>
  );
}

function EditNotification({ notification, onDone }: { notification: StaffNotification; onDone: () => void }) {
  const api = useApi();
  const changed = useNotificationsChanged();
  const save = useMutation({
    mutationFn: (body: StaffNotificationFields) =>
      api.call('staffNotificationSave', { body: { ...body, id: notification.id } }),
    onSuccess: async () => {
      await changed();
      onDone();
    },
  });
  return (
    <NotificationForm
      initial={draftOf(notification)}
      submitLabel="Save the notification"
      pending={save.isPending}
      error={save.error}
      onSubmit={(body) => save.mutate(body)}
      onCancel={onDone}
    />
  );
}

const when = (instant: string | null) => (instant ? formatLongDateTime(instant) : 'Open');

function NotificationsTable({
  notifications,
  onEdit,
}: {
  notifications: readonly StaffNotification[];
  onEdit: (notification: StaffNotification) => void;
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Notifications of the bar">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Every notification, by sort order, with whether customers see it now</caption>
        <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Text
            </th>
            <th scope="col" className="py-2 pr-4">
              Start
            </th>
            <th scope="col" className="py-2 pr-4">
              End
            </th>
            <th scope="col" className="py-2 pr-4">
              Sort order
            </th>
            <th scope="col" className="py-2 pr-4">
              Seconds
            </th>
            <th scope="col" className="py-2 pr-4">
              Sale icon
            </th>
            <th scope="col" className="py-2 pr-4">
              Showing now
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Deleting is asked again in the row, naming the notification, before it is sent. */
function NotificationRow({
  notification,
  onEdit,
}: {
  notification: StaffNotification;
  onEdit: (notification: StaffNotification) => void;
}) {
  const api = useApi();
  const changed = useNotificationsChanged();
  const remove = useMutation({
    mutationFn: () => api.call('staffNotificationDelete', { body: { id: notification.id } }),
    onSuccess: changed,
  });
  return (
    <tr className="border-b border-black/5 align-top">
      <th scope="row" className="max-w-md py-2 pr-4 font-normal">
        {notification.text}
      </th>
      <td className="py-2 pr-4">{when(notification.startDate)}</td>
      <td className="py-2 pr-4">{when(notification.endDate)}</td>
      <td className="py-2 pr-4">{notification.sortOrder}</td>
      <td className="py-2 pr-4">{notification.secondsToDisplay ?? '5 (default)'}</td>
      <td className="py-2 pr-4">{notification.displayOnSaleIcon ? 'Yes' : 'No'}</td>
      <td className="py-2 pr-4">{notification.showingNow ? 'Yes' : 'No'}</td>
      <td className="py-2">
        <RowEditDelete
          named={`“${notification.text}”`}
          question="Delete this notification? Customers stop seeing it."
          onEdit={() => onEdit(notification)}
          remove={remove}
        />
      </td>
    </tr>
  );
}
