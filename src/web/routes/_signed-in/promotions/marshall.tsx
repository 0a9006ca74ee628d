import { createFileRoute } from '@tanstack/react-router';
import { MarshallClaimForm } from '../../../components/programs/marshall-claim-form';
import { ProgramPage } from '../../../components/programs/program-page';

export const Route = createFileRoute('/_signed-in/promotions/marshall')({
  staticData: { title: 'Marshal Key Dealer', crumb: 'Marshal Key Dealer' },
  component: () => (
    <ProgramPage program="marshall" form={(contactName) => <MarshallClaimForm contactName={contactName} />} />
  ),
});
