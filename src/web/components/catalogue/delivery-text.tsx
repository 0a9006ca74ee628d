import type { z } from 'zod';
import type { deliverySchema } from '../../../contract/catalogue-common';

/** When a line can arrive, in the server's words (one function decides them for every screen). */
export function DeliveryText({
  delivery,
  className,
}: {
  delivery: z.infer<typeof deliverySchema>;
  /** Size and placement, which differ by screen. */
  className: string;
}) {
  return (
    <span
      title={`Delivery: ${delivery.text}`}
      className={`${delivery.date === null ? 'text-black/60' : 'text-emerald-800'} ${className}`}
    >
      <span className="font-semibold">Delivery:</span> {delivery.text}
    </span>
  );
}
