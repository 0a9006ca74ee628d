import type { Handlers } from '../../http/handler';
import { publicMerchandiseResultsSchema, tradeMerchandiseResultsSchema } from '../../../contract/catalogue-merchandise';
import { accountOf, cachedSearch, snapshotOf, withAccount } from '../catalogue/catalogue-handlers';
import {
  merchandiseCategoryTree,
  publicMerchandiseBySlug,
  searchPublicMerchandise,
  searchTradeMerchandise,
  tradeMerchandiseBySlug,
} from '../catalogue/merchandise-search';

export const merchandiseHandlers = {
  merchandiseCategories: async (_request, context) => merchandiseCategoryTree(await snapshotOf(context)),
  merchandiseDetails: async ({ query }, context) => {
    const [snapshot, account] = await Promise.all([snapshotOf(context), accountOf(context)]);
    return tradeMerchandiseBySlug(snapshot, query.slug, account, context.now());
  },
  merchandiseSearch: async ({ body }, context) =>
    cachedSearch(context, 'merchandise', body, tradeMerchandiseResultsSchema, true, (snapshot, account, now) =>
      searchTradeMerchandise(snapshot, body, withAccount(account), now),
    ),
  merchandiseSubcategorySearch: async ({ body }, context) =>
    cachedSearch(
      context,
      'merchandise-subcategory',
      body,
      tradeMerchandiseResultsSchema,
      true,
      (snapshot, account, now) => searchTradeMerchandise(snapshot, body, withAccount(account), now),
    ),
  merchandisePublicCategories: async (_request, context) => merchandiseCategoryTree(await snapshotOf(context)),
  merchandisePublicDetails: async ({ query }, context) =>
    publicMerchandiseBySlug(await snapshotOf(context), query.slug),
  merchandisePublicSearch: async ({ body }, context) =>
    cachedSearch(context, 'merchandise-public', body, publicMerchandiseResultsSchema, false, (snapshot) =>
      searchPublicMerchandise(snapshot, body),
    ),
  merchandisePublicSubcategorySearch: async ({ body }, context) =>
    cachedSearch(context, 'merchandise-subcategory-public', body, publicMerchandiseResultsSchema, false, (snapshot) =>
      searchPublicMerchandise(snapshot, body),
    ),
} satisfies Partial<Handlers>;
