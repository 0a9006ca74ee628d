import { createFileRoute } from '@tanstack/react-router';
import { ImportJobs } from '../../../components/back-office/import-jobs';
import { IntegrationKeys } from '../../../components/back-office/integration-keys';
import { WebhookEndpoints } from '../../../components/back-office/webhook-endpoints';

export const Route = createFileRoute('/staff/_back-office/integration')({
  staticData: { title: 'Integration', crumb: 'Integration' },
  component: IntegrationPage,
});

/** Administrators manage how the ERP and other systems reach the shop (docs/integration.md). */
function IntegrationPage() {
  return (
    <div className="space-y-10">
      <IntegrationKeys />
      <ImportJobs />
      <WebhookEndpoints />
    </div>
  );
}
