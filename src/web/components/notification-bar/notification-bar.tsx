import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Notification } from '../../../contract/home';
import { currentNotification, notificationBarMachine } from '../../../../machines/notification-bar';
import { homeNotificationsQuery } from '../../api/queries/home';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { TagIcon } from '../layout/icons';

/** The signed-in users' notification bar: Home/Notifications, one at a time (machines/notification-bar). */
export function NotificationBar() {
  const notifications = useQuery(homeNotificationsQuery(useApi())).data;
  if (!notifications || notifications.length === 0) return null;
  return <NotificationCycle notifications={notifications} />;
}

/**
 * Shows the given notifications one at a time, each for its secondsToDisplay; hover or focus pauses. The back office's
 * preview names its own copy, so the page's two bars are told apart.
 */
export function NotificationCycle({
  notifications,
  label = 'Notifications',
}: {
  notifications: readonly Notification[];
  label?: string;
}) {
  const bar = useActorRef(notificationBarMachine, { input: { notifications }, ...actorOptions('notificationBar') });
  useEffect(() => {
    bar.send({ type: 'notifications.loaded', notifications });
  }, [bar, notifications]);

  const notification = useSelector(bar, (snapshot) => currentNotification(snapshot.context));
  const position = useSelector(bar, (snapshot) => snapshot.context.index + 1);
  const count = useSelector(bar, (snapshot) => snapshot.context.notifications.length);
  if (!notification) return null;

  const pause = () => bar.send({ type: 'bar.pause' });
  const resume = () => bar.send({ type: 'bar.resume' });

  return (
    <section
      aria-label={label}
      aria-roledescription="carousel"
      tabIndex={0}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      className="bg-brand text-white focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
    >
      <div className="mx-auto flex h-10 max-w-7xl items-center justify-center gap-3 px-4 text-center text-sm sm:px-6">
        {notification.displayOnSaleIcon ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-sm bg-white px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide text-brand">
            <TagIcon className="h-3 w-3" />
            Sale
          </span>
        ) : null}
        {/* One line however long the text, so the bar never pushes the page down; the full text is its title. */}
        <p key={notification.id} title={notification.text} className="min-w-0 truncate font-medium">
          {notification.text}
        </p>
        {count > 1 ? (
          <span className="shrink-0 text-xs font-semibold text-white">
            <span aria-hidden="true">
              {position}/{count}
            </span>
            <span className="sr-only">{`Notification ${position} of ${count}`}</span>
          </span>
        ) : null}
      </div>
    </section>
  );
}
