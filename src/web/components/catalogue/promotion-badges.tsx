import type { z } from 'zod';
import type { promotionLabelSchema } from '../../../contract/catalogue-common';
import { TagIcon } from '../layout/icons';

/** The promotions running on a product (cashback on sets of 4, buy X get Y free). */
export function PromotionBadges({ promotions }: { promotions: readonly z.infer<typeof promotionLabelSchema>[] }) {
  if (promotions.length === 0) return null;
  return (
    <ul aria-label="Promotions" className="flex flex-wrap gap-1">
      {promotions.map((promotion) => (
        <li
          key={promotion.id}
          className="inline-flex items-center gap-1 rounded bg-brand px-1.5 py-0.5 text-[11px] font-bold text-white"
        >
          <TagIcon className="h-3 w-3" />
          {promotion.label}
        </li>
      ))}
    </ul>
  );
}
