import { createFileRoute } from '@tanstack/react-router';
import { PolicyDocument } from '../components/policy/policy-document';
import source from '../content/policies/returns-policy.md?raw';

export const Route = createFileRoute('/returns-policy')({
  staticData: { title: 'Returns policy' },
  component: ReturnsPolicyPage,
});

function ReturnsPolicyPage() {
  return <PolicyDocument source={source} />;
}
