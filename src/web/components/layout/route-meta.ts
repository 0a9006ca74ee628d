import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page name: heading, document title ('YHI | <title>') and, unless crumb says otherwise, breadcrumb. */
    title?: string;
    /** The breadcrumb label when it differs from the title. */
    crumb?: string;
    /** The page draws its own hero (home): the shell adds no heading band, breadcrumbs or back button. */
    ownHero?: boolean;
    /** A catalogue page: once a search is made (any search param) the heading band folds to one slim line. */
    heroFoldsOnSearch?: boolean;
  }
}

export interface Crumb {
  readonly label: string;
  readonly path: string;
}

export interface PageMeta {
  readonly title: string | undefined;
  readonly ownHero: boolean;
  /** The heading band is one slim line, so results start high on the screen. */
  readonly slimHero: boolean;
  /** From the first level below Home to the current page. */
  readonly crumbs: readonly Crumb[];
}

/** What the shell needs to know about the current page, read from the matched routes' staticData. */
export function usePageMeta(): PageMeta {
  return useMatches({
    select: (matches) => {
      const crumbs: Crumb[] = [];
      let title: string | undefined;
      let ownHero = false;
      let slimHero = false;
      for (const match of matches) {
        const data = match.staticData;
        if (data.title) title = data.title;
        ownHero = data.ownHero ?? false;
        slimHero = (data.heroFoldsOnSearch ?? false) && Object.keys(match.search).length > 0;
        const label = data.crumb ?? data.title;
        if (label && crumbs.at(-1)?.label !== label) crumbs.push({ label, path: match.pathname });
      }
      return { title, ownHero, slimHero, crumbs };
    },
  });
}
