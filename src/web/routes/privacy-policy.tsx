import { createFileRoute } from '@tanstack/react-router';
import { PolicyDocument } from '../components/policy/policy-document';
import source from '../content/policies/privacy-policy.md?raw';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { title: 'Privacy policy' },
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return <PolicyDocument source={source} />;
}
