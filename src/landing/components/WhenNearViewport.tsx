import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the fold content starts loading, so it is ready when the visitor gets there. */
const LOAD_MARGIN = '600px 0px';

/**
 * Renders its children once the spot comes near the viewport: live data below the fold is not
 * fetched for visitors who never scroll to it, and does not compete with the page's first load.
 * Until then (and in the server HTML) it shows `placeholder`, and while lazily loaded children
 * arrive too. The Suspense boundary exists only in the browser, after hydration: on the server it
 * would stream the page into a hidden container (docs/architecture.md: the `<Activity>` boundary).
 */
export function WhenNearViewport({
  children,
  id,
  placeholder,
}: {
  children: ReactNode;
  id: string;
  placeholder?: ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={anchor} id={id} style={{ minHeight: 1 }}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
