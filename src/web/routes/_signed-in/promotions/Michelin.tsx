import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';
import { ProgramNotJoined } from '../../../components/layout/program-not-joined';
import { useCurrentUser } from '../../../session/session-context';

export const Route = createFileRoute('/_signed-in/promotions/Michelin')({
  staticData: { title: 'Michelin Associate Dealer', crumb: 'Michelin Associate Dealer' },
  component: ProgramPage,
});

function ProgramPage() {
  const member = useCurrentUser()?.isAssociateDealer ?? false;
  if (!member) return <ProgramNotJoined program="Michelin Associate Dealer" />;
  return <NotAvailableYet what="The Michelin Associate Dealer program page" />;
}
