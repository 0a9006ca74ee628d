import { Link, createFileRoute } from '@tanstack/react-router';
import { FormIntro } from '../components/forms/form-submission';
import { RetailerRegisterForm } from '../components/forms/retailer-register-form';

export const Route = createFileRoute('/register')({
  staticData: { title: 'Register' },
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <FormIntro>
        <p>
          Apply for a trade account to see trade pricing and live stock, and to order online on 30-day account terms.
          Accounts are for registered Australian businesses in the automotive trade.
        </p>
        <p>
          Already trading with us?{' '}
          <Link to="/login" className="font-semibold text-brand hover:underline">
            Sign in
          </Link>
          .
        </p>
      </FormIntro>
      <RetailerRegisterForm />
    </div>
  );
}
