import { createFileRoute } from '@tanstack/react-router';
import { PitPassRedeemForm } from '../../../components/programs/pit-pass-redeem-form';
import { PitPassStanding } from '../../../components/programs/pit-pass-standing';
import { ProgramPage } from '../../../components/programs/program-page';

export const Route = createFileRoute('/_signed-in/promotions/PitPass')({
  staticData: { title: 'PitPass', crumb: 'PitPass' },
  component: () => (
    <ProgramPage
      program="PitPass"
      standing={<PitPassStanding />}
      form={(contactName) => <PitPassRedeemForm contactName={contactName} />}
    />
  ),
});
