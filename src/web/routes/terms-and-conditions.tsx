import { createFileRoute } from '@tanstack/react-router';
import { PolicyDocument } from '../components/policy/policy-document';
import source from '../content/policies/terms-and-conditions.md?raw';

export const Route = createFileRoute('/terms-and-conditions')({
  staticData: { title: 'Terms and conditions' },
  component: TermsAndConditionsPage,
});

function TermsAndConditionsPage() {
  return <PolicyDocument source={source} />;
}
