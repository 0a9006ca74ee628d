import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { siteSettingsQuery } from '../api/queries/global';
import { ContactUsForm } from '../components/forms/contact-us-form';
import { FormIntro } from '../components/forms/form-submission';
import { useApi } from '../session/session-context';

export const Route = createFileRoute('/contact-us')({
  staticData: { title: 'Contact us' },
  component: ContactUsPage,
});

function ContactUsPage() {
  const api = useApi();
  const settings = useQuery(siteSettingsQuery(api)).data;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_16rem]">
      <div className="space-y-6">
        <FormIntro>
          <p>
            Questions about pricing, stock, deliveries or your account: send us a message and our trade sales team
            answers within one business day.
          </p>
        </FormIntro>
        <ContactUsForm />
      </div>
      <aside className="space-y-3 text-sm">
        <h2 className="text-base font-bold text-ink">Call or email</h2>
        {settings ? (
          <>
            <p>
              <a className="font-semibold text-brand hover:underline" href={`tel:${settings.phone.replace(/\s/g, '')}`}>
                {settings.phone}
              </a>
            </p>
            <p>
              <a className="font-semibold text-brand hover:underline" href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </p>
          </>
        ) : null}
        <p className="text-black/70">Monday to Friday, 8 am to 5 pm (AEST).</p>
      </aside>
    </div>
  );
}
