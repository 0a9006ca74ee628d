import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { tradeTyreBySkuQuery, tyreDetailsQuery } from '../api/queries/catalogue';
import { catalogueAudienceOf, useCatalogueAudience } from '../components/catalogue/catalogue-audience';
import { ProductEnquiry } from '../components/catalogue/product-enquiry-form';
import { ProductDetail, ProductNotLoaded } from '../components/catalogue/product-detail';
import { tyreHeadline } from '../components/catalogue/tyre-result-list';
import { useApi } from '../session/session-context';

export const Route = createFileRoute('/tyres/$slug')({
  staticData: { title: 'Tyre details' },
  loader: async ({ context, params }) => {
    const tyre = await context.queryClient
      .ensureQueryData(tyreDetailsQuery(context.api, params.slug))
      .catch(() => null);
    if (tyre && (await catalogueAudienceOf(context)) === 'trade') {
      await context.queryClient.ensureQueryData(tradeTyreBySkuQuery(context.api, tyre.sku)).catch(() => null);
    }
  },
  component: TyreDetailsPage,
});

function TyreDetailsPage() {
  const { slug } = Route.useParams();
  const api = useApi();
  const trade = useCatalogueAudience() === 'trade';
  const details = useQuery(tyreDetailsQuery(api, slug));
  const tradeAnswer = useQuery({
    ...tradeTyreBySkuQuery(api, details.data?.sku ?? ''),
    enabled: trade && details.data !== undefined,
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      {details.error ? (
        <ProductNotLoaded error={details.error} what="tyre" back="/tyres" />
      ) : !details.data ? (
        <div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-panel" />
      ) : (
        <ProductDetail
          product={details.data}
          actions={<ProductEnquiry productId={details.data.id} productName={details.data.name} />}
          trade={trade ? (tradeAnswer.data === undefined ? undefined : tradeAnswer.data) : null}
          headline={`${tyreHeadline(details.data)}${details.data.extraLoad ? ' XL' : ''}`}
          specs={[
            ['Brand', details.data.brand],
            ['Pattern', details.data.pattern],
            ['Size', `${details.data.width}/${details.data.profile}R${details.data.diameter}`],
            ['Load rating', details.data.loadRating],
            ['Speed rating', details.data.speedRatingBase],
            ['Category', details.data.category],
            ['Season', details.data.season],
            ['Run flat', details.data.runFlat ? 'Yes' : 'No'],
            ['Extra load', details.data.extraLoad ? 'Yes' : 'No'],
            ...(details.data.attributes.length > 0 ? [['Features', details.data.attributes.join(', ')] as const] : []),
          ]}
        />
      )}
    </div>
  );
}
