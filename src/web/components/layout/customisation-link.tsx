import { useQuery } from '@tanstack/react-query';
import { siteSettingsQuery } from '../../api/queries/global';
import { useApi } from '../../session/session-context';
import { ExternalLinkIcon } from './icons';

/** The external customisation partner's site (Global/Settings customisationPartnerUrl); opens in a new tab. */
export function CustomisationLink({ className }: { className: string }) {
  const url = useQuery({ ...siteSettingsQuery(useApi()), select: (settings) => settings.customisationPartnerUrl }).data;
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      Customise
      <ExternalLinkIcon className="h-3.5 w-3.5" />
      <span className="sr-only">(opens the customisation partner's site in a new tab)</span>
    </a>
  );
}
