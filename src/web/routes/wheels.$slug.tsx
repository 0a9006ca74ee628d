import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { tradeWheelBySkuQuery, wheelDetailsQuery } from '../api/queries/catalogue';
import { catalogueAudienceOf, useCatalogueAudience } from '../components/catalogue/catalogue-audience';
import { ProductEnquiry } from '../components/catalogue/product-enquiry-form';
import { ProductDetail, ProductNotLoaded } from '../components/catalogue/product-detail';
import { wheelHeadline } from '../components/catalogue/wheel-result-list';
import { useApi } from '../session/session-context';

export const Route = createFileRoute('/wheels/$slug')({
  staticData: { title: 'Wheel details' },
  loader: async ({ context, params }) => {
    const wheel = await context.queryClient
      .ensureQueryData(wheelDetailsQuery(context.api, params.slug))
      .catch(() => null);
    if (wheel && (await catalogueAudienceOf(context)) === 'trade') {
      await context.queryClient.ensureQueryData(tradeWheelBySkuQuery(context.api, wheel.sku)).catch(() => null);
    }
  },
  component: WheelDetailsPage,
});

function WheelDetailsPage() {
  const { slug } = Route.useParams();
  const api = useApi();
  const trade = useCatalogueAudience() === 'trade';
  const details = useQuery(wheelDetailsQuery(api, slug));
  const tradeAnswer = useQuery({
    ...tradeWheelBySkuQuery(api, details.data?.sku ?? ''),
    enabled: trade && details.data !== undefined,
  });
  const wheel = details.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      {details.error ? (
        <ProductNotLoaded error={details.error} what="wheel" back="/wheels" />
      ) : !wheel ? (
        <div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-panel" />
      ) : (
        <ProductDetail
          product={wheel}
          actions={<ProductEnquiry productId={wheel.id} productName={wheel.name} />}
          trade={trade ? tradeAnswer.data : null}
          headline={wheelHeadline(wheel)}
          specs={[
            ['Brand', wheel.brand],
            ['Design', wheel.design],
            ['Colour', wheel.color],
            ['Type', wheel.performance],
            ['Rim size', `${wheel.size}"`],
            ['Width', `${wheel.width}J`],
            ['PCD', wheel.pcds.join(', ')],
            ['Offset', `${wheel.offset > 0 ? '+' : ''}${wheel.offset} mm`],
            ['Centre bore', `${wheel.centreBore} mm`],
            ['Seat', wheel.seat],
            ['Spokes', String(wheel.spokes)],
          ]}
        />
      )}
    </div>
  );
}
