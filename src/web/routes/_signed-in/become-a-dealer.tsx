import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { dealerPrograms } from '../../../contract/forms';
import { DealerRegisterForm } from '../../components/forms/dealer-register-form';
import { FormIntro } from '../../components/forms/form-submission';

const searchSchema = z.object({ program: z.enum(dealerPrograms).optional().catch(undefined) });

export const Route = createFileRoute('/_signed-in/become-a-dealer')({
  validateSearch: searchSchema,
  staticData: { title: 'Become a dealer' },
  component: BecomeADealerPage,
});

const programs = [
  {
    name: 'Marshal key dealer',
    text: 'Priority allocation of Marshal tyres, key dealer pricing tiers and co-operative marketing support.',
  },
  {
    name: 'Associate dealer program',
    text: 'Volume rebates on the associate brand, point-of-sale material and a listing in the dealer locator.',
  },
  {
    name: 'Pit Pass loyalty program',
    text: 'Points on every eligible purchase, redeemable for workshop equipment, training and events.',
  },
];

function BecomeADealerPage() {
  const { program } = Route.useSearch();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <FormIntro>
        <p>
          Join one of our dealer programs. Your account manager reviews each application with your trading history and
          gets back to you to talk it through.
        </p>
      </FormIntro>
      <ul className="grid gap-4 sm:grid-cols-3">
        {programs.map((item) => (
          <li key={item.name} className="rounded-lg border border-black/10 bg-panel p-4">
            <h2 className="font-bold text-ink">{item.name}</h2>
            <p className="mt-1 text-sm text-black/70">{item.text}</p>
          </li>
        ))}
      </ul>
      <DealerRegisterForm program={program} />
    </div>
  );
}
