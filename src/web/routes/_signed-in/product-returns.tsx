import { Link, createFileRoute } from '@tanstack/react-router';
import { FormIntro } from '../../components/forms/form-submission';
import { ProductReturnForm } from '../../components/forms/product-return-form';

export const Route = createFileRoute('/_signed-in/product-returns')({
  staticData: { title: 'Product returns' },
  component: ProductReturnsPage,
});

function ProductReturnsPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <FormIntro>
        <p>
          Ask for a return authorisation for lines of an invoice. Please do not send goods back before we confirm the
          return: unauthorised returns cannot be credited. Read the{' '}
          <Link to="/returns-policy" className="font-semibold text-brand hover:underline">
            returns policy
          </Link>{' '}
          first, and use a{' '}
          <Link to="/warranty-claims" className="font-semibold text-brand hover:underline">
            warranty claim
          </Link>{' '}
          for faulty tyres.
        </p>
      </FormIntro>
      <ProductReturnForm />
    </div>
  );
}
