import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notification, notificationSchema } from '../../src/contract/home';
import { NotificationCycle } from '../../src/web/components/notification-bar/notification-bar';

let nextId = 1;
function notification(text: string, secondsToDisplay: number | null): Notification {
  return notificationSchema.parse({
    id: nextId++,
    text,
    startDate: null,
    endDate: null,
    sortOrder: nextId,
    secondsToDisplay,
    displayOnSaleIcon: false,
  });
}

const bar = () => screen.getByRole('region', { name: 'Notifications' });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the notification bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one notification at a time, each for its secondsToDisplay (5 s by default), and cycles', () => {
    render(
      <NotificationCycle
        notifications={[
          notification('Bulk delivery', 2),
          notification('Cashback', null),
          notification('Same-day dispatch', 3),
        ]}
      />,
    );
    expect(bar()).toHaveTextContent('Bulk delivery');
    expect(bar()).not.toHaveTextContent('Cashback');

    advance(1_999);
    expect(bar()).toHaveTextContent('Bulk delivery');
    advance(1);
    expect(bar()).toHaveTextContent('Cashback');

    advance(4_999);
    expect(bar()).toHaveTextContent('Cashback');
    advance(1);
    expect(bar()).toHaveTextContent('Same-day dispatch');

    advance(3_000);
    expect(bar()).toHaveTextContent('Bulk delivery');
    expect(screen.getByText('Notification 1 of 3')).toBeInTheDocument();
  });

  it('keeps a single notification on screen', () => {
    render(<NotificationCycle notifications={[notification('Only one', 1)]} />);
    advance(60_000);
    expect(bar()).toHaveTextContent('Only one');
  });

  it('pauses while the pointer is over it or it has focus, and carries on afterwards', () => {
    render(<NotificationCycle notifications={[notification('First', 2), notification('Second', 2)]} />);
    fireEvent.mouseEnter(bar());
    advance(10_000);
    expect(bar()).toHaveTextContent('First');
    fireEvent.mouseLeave(bar());
    advance(2_000);
    expect(bar()).toHaveTextContent('Second');

    act(() => bar().focus());
    advance(10_000);
    expect(bar()).toHaveTextContent('Second');
    act(() => bar().blur());
    advance(2_000);
    expect(bar()).toHaveTextContent('First');
  });

  it('shows nothing when there is nothing to announce', () => {
    render(<NotificationCycle notifications={[]} />);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
