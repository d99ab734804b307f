import Head from 'next/head';

/** The viewport of every page, in the server's HTML; in the browser from the first navigation in place (StablePage.tsx). */
export function ViewportHead() {
  return (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
    </Head>
  );
}
