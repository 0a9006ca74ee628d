import { createFileRoute } from '@tanstack/react-router';
import { AuditTable } from '../../../components/back-office/audit-table';

export const Route = createFileRoute('/staff/_back-office/audit')({
  staticData: { title: 'Audit', crumb: 'Audit' },
  component: AuditPage,
});

function AuditPage() {
  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-black/70">
        Every change made in the back office, newest first, with the values before and after.
      </p>
      <AuditTable label="Staff changes" />
    </div>
  );
}
