import { renderToStaticMarkup } from 'react-dom/server';
import { CONSENT_CATEGORIES, type ConsentChoice } from './record';

/** The texts of the page, in its language (locales/<lng>/microsites.json, `consentSaved`). */
export interface SavedPageCopy {
  /** The site's name (`brand.name`), above the heading: whose page this is. */
  brand: string;
  title: string;
  notSavedTitle: string;
  notSaved: string;
  allowed: string;
  yes: string;
  no: string;
  noScript: string;
  back: string;
  /** The banner's names of the categories (`consent.<category>.name`). */
  categories: Record<(typeof CONSENT_CATEGORIES)[number], string>;
  /** The colon after a label, as the language sets it (src/i18n/labelColon.ts). */
  colon: string;
}

export interface SavedPageProps {
  lang: string;
  copy: SavedPageCopy;
  /** The choice the browser sent back with this request; undefined when it kept none. */
  recorded: ConsentChoice | undefined;
  /** The page the form was on: a path of this host. */
  back: string;
}

// Plain and small: the page stands alone, without the site's scripts or styles.
const STYLE = `body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a2e;background:#fff}header,main{max-width:36rem;margin:0 auto;padding:0 1rem}header{padding-top:1.5rem}.brand{margin:0;font-weight:700;font-size:1.125rem;color:#1d4ed8}main{padding-bottom:2rem}h1{font-size:1.5rem;line-height:1.25}a{color:#1d4ed8;font-weight:600}`;

function SavedPage({ lang, copy, recorded, back }: SavedPageProps) {
  const title = recorded ? copy.title : copy.notSavedTitle;
  return (
    <html lang={lang}>
      {/* eslint-disable-next-line @next/next/no-head-element -- a document of its own, rendered to a string, not a Next page */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} – ${copy.brand}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <p className="brand">{copy.brand}</p>
        </header>
        <main>
          <h1>{title}</h1>
          {!recorded && <p>{copy.notSaved}</p>}
          {recorded && (
            <>
              <h2>{copy.allowed}</h2>
              <ul>
                {CONSENT_CATEGORIES.map((category) => (
                  <li key={category}>
                    {copy.categories[category]}
                    {copy.colon}
                    {recorded[category] ? copy.yes : copy.no}
                  </li>
                ))}
              </ul>
              <p>{copy.noScript}</p>
            </>
          )}
          <p>
            <a href={back}>{copy.back}</a>
          </p>
        </main>
      </body>
    </html>
  );
}

/**
 * What the no-JavaScript form shows once it has recorded a choice (pages/api/consent.ts): the
 * choice as the browser kept it, in the page's language, and the way back. The page it came
 * from is the same for every visitor, so it cannot say it.
 */
export const savedPageHtml = (props: SavedPageProps): string =>
  `<!DOCTYPE html>${renderToStaticMarkup(<SavedPage {...props} />)}`;
