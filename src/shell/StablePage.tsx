import type { AppProps } from 'next/app';
import { memo } from 'react';
import { HeadAfterNavigation, loadedWhenRendered } from './HeadAfterNavigation';
import { LowPriorityHydration } from './LowPriorityHydration';

const ViewportHead = loadedWhenRendered(() => import('./ViewportHead').then((module) => module.ViewportHead));

type PageProps = Pick<AppProps, 'Component' | 'pageProps'>;

/** Static props are plain JSON, so equal serialisations mean nothing on the page can change. */
export function samePage(previous: PageProps, next: PageProps): boolean {
  if (previous.Component !== next.Component) return false;
  return previous.pageProps === next.pageProps || JSON.stringify(previous.pageProps) === JSON.stringify(next.pageProps);
}

/**
 * The page, hydrated after the app shell and in slices (see LowPriorityHydration).
 *
 * A route change to the same page (the landing query leaving the address, src/base/arrival.ts, or
 * Back to a page with an equal copy of its props) renders the app again. Skipping the page's render
 * keeps it from re-rendering while the visitor's phone is still starting up, and keeps the update
 * from forcing the page's remaining hydration into one long task. (Next's own re-fetch of the
 * props at start no longer happens: src/shell/routerStart.ts.)
 *
 * Every next/head of the app sits inside the boundary: the head manager rewrites the whole head
 * from the heads mounted at each commit, so a head committed with the shell alone would strip the
 * page's server-rendered title, canonical and structured data until the page hydrates. In the
 * browser none mounts before the first navigation in place (HeadAfterNavigation.tsx), so the
 * server's head stays and its code is not in the first load.
 */
export const StablePage = memo(function StablePage({ Component, pageProps }: PageProps) {
  return (
    <LowPriorityHydration>
      <HeadAfterNavigation>
        <ViewportHead />
      </HeadAfterNavigation>
      <Component {...pageProps} />
    </LowPriorityHydration>
  );
}, samePage);
