import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';
import { ProgramNotJoined } from '../../../components/layout/program-not-joined';
import { useCurrentUser } from '../../../session/session-context';

export const Route = createFileRoute('/_signed-in/promotions/marshall')({
  staticData: { title: 'Marshal Key Dealer', crumb: 'Marshal Key Dealer' },
  component: ProgramPage,
});

function ProgramPage() {
  const member = useCurrentUser()?.isMarshalKeyDealer ?? false;
  if (!member) return <ProgramNotJoined program="Marshal Key Dealer" />;
  return <NotAvailableYet what="The Marshal Key Dealer program page" />;
}
