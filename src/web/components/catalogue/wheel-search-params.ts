import { z } from 'zod';
import type { WheelSearchRequest } from '../../../contract/catalogue-wheels';
import {
  type PagingSearch,
  numberList,
  optionalId,
  optionalText,
  pagingSearchFields,
  sortAndPage,
  textList,
} from './catalogue-search-params';

const offset = z.int().min(-100).max(100).optional().catch(undefined);

/** The wheel page's URL: the vehicle (if searched by vehicle), filters, order and page. */
export const wheelSearchParamsSchema = z.object({
  by: z.enum(['size', 'vehicle']).optional().catch(undefined),
  q: optionalText(100),
  make: optionalId,
  model: optionalText(80),
  vehicle: optionalId,
  brands: textList,
  designs: textList,
  colours: textList,
  performances: textList,
  sizes: numberList(12, 26),
  widths: numberList(4, 14),
  pcds: textList,
  seats: textList,
  offsetMin: offset,
  offsetMax: offset,
  ...pagingSearchFields,
});
export type WheelSearchParams = z.infer<typeof wheelSearchParamsSchema>;

export const wheelListKeys = ['brands', 'designs', 'colours', 'performances', 'pcds', 'seats'] as const;
export const wheelFilterKeys = [...wheelListKeys, 'sizes', 'widths', 'offsetMin', 'offsetMax'] as const;

export function wheelSearchRequest(search: WheelSearchParams): WheelSearchRequest {
  const request: WheelSearchRequest = { ...sortAndPage(search as PagingSearch) };
  if (search.q) request.search = search.q;
  for (const key of wheelListKeys) if (search[key]) request[key] = search[key];
  if (search.sizes) request.sizes = search.sizes;
  if (search.widths) request.widths = search.widths;
  if (search.offsetMin !== undefined) request.offsetMin = search.offsetMin;
  if (search.offsetMax !== undefined) request.offsetMax = search.offsetMax;
  // A vehicle chosen lists only the wheels that go on its hub, so each can be completed with its accessories.
  if (search.vehicle !== undefined && search.by !== 'size') request.vehicleId = search.vehicle;
  return request;
}
