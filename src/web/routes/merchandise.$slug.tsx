import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { publicMerchandiseDetailsQuery, tradeMerchandiseDetailsQuery } from '../api/queries/catalogue';
import { catalogueAudienceOf, useCatalogueAudience } from '../components/catalogue/catalogue-audience';
import { ProductEnquiry } from '../components/catalogue/product-enquiry-form';
import { ProductDetail, ProductNotLoaded } from '../components/catalogue/product-detail';
import { useApi } from '../session/session-context';

export const Route = createFileRoute('/merchandise/$slug')({
  staticData: { title: 'Item details' },
  loader: async ({ context, params }) => {
    const trade = (await catalogueAudienceOf(context)) === 'trade';
    const { queryClient, api } = context;
    await (
      trade
        ? queryClient.ensureQueryData(tradeMerchandiseDetailsQuery(api, params.slug))
        : queryClient.ensureQueryData(publicMerchandiseDetailsQuery(api, params.slug))
    ).catch(() => null);
  },
  component: MerchandiseDetailsPage,
});

function MerchandiseDetailsPage() {
  const { slug } = Route.useParams();
  const api = useApi();
  const trade = useCatalogueAudience() === 'trade';
  const tradeItem = useQuery({ ...tradeMerchandiseDetailsQuery(api, slug), enabled: trade });
  const publicItem = useQuery({ ...publicMerchandiseDetailsQuery(api, slug), enabled: !trade });
  const answer = trade ? tradeItem : publicItem;
  const item = answer.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      {answer.error ? (
        <ProductNotLoaded error={answer.error} what="item" back="/merchandise" />
      ) : !item ? (
        <div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-panel" />
      ) : (
        <ProductDetail
          product={item}
          actions={<ProductEnquiry productId={item.id} productName={item.name} />}
          trade={trade ? (tradeItem.data ?? undefined) : null}
          headline={`${item.category.name} › ${item.subcategory.name}`}
          description={item.description}
          specs={[['Brand', item.brand], ['Category', item.subcategory.name], ...Object.entries(item.specs)]}
        />
      )}
    </div>
  );
}
