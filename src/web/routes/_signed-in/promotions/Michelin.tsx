import { createFileRoute } from '@tanstack/react-router';
import { MichelinSignUpForm } from '../../../components/programs/michelin-sign-up-form';
import { ProgramPage } from '../../../components/programs/program-page';

export const Route = createFileRoute('/_signed-in/promotions/Michelin')({
  staticData: { title: 'Michelin Associate Dealer', crumb: 'Michelin Associate Dealer' },
  component: () => (
    <ProgramPage program="Michelin" form={(contactName) => <MichelinSignUpForm contactName={contactName} />} />
  ),
});
