import { Link, createFileRoute } from '@tanstack/react-router';
import { FormIntro } from '../../components/forms/form-submission';
import { WarrantyClaimForm } from '../../components/forms/warranty-claim-form';

export const Route = createFileRoute('/_signed-in/warranty-claims')({
  staticData: { title: 'Warranty claims' },
  component: WarrantyClaimsPage,
});

function WarrantyClaimsPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <FormIntro>
        <p>
          Lodge a manufacturer's warranty claim for a tyre that failed in normal use. Keep the tyre until our assessor
          asks for it. Damage from punctures, impacts, under-inflation or incorrect fitting is not a warranty fault; see
          the{' '}
          <Link to="/returns-policy" className="font-semibold text-brand hover:underline">
            returns and warranty policy
          </Link>
          .
        </p>
      </FormIntro>
      <WarrantyClaimForm />
    </div>
  );
}
