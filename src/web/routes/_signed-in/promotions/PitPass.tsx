import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';
import { ProgramNotJoined } from '../../../components/layout/program-not-joined';
import { useCurrentUser } from '../../../session/session-context';

export const Route = createFileRoute('/_signed-in/promotions/PitPass')({
  staticData: { title: 'PitPass', crumb: 'PitPass' },
  component: ProgramPage,
});

function ProgramPage() {
  const member = useCurrentUser()?.hasPitPass ?? false;
  if (!member) return <ProgramNotJoined program="PitPass" />;
  return <NotAvailableYet what="The PitPass program page" />;
}
