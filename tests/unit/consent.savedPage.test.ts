// Issue 36 item 6: what the no-JavaScript form shows once it has recorded a choice (pages/api/consent.ts).
import { describe, expect, it } from 'vitest';
import { savedPageHtml, type SavedPageCopy } from '@/consent/SavedPage';
import { savedPageCopy } from '@/consent/savedPageCopy';

const copy: SavedPageCopy = {
  brand: 'Bagberth',
  title: 'Saved',
  notSavedTitle: 'Not kept',
  notSaved: 'Cookies may be blocked.',
  allowed: 'What you allow',
  yes: 'Yes',
  no: 'No',
  noScript: 'The banner stays.',
  back: 'Back',
  categories: { analytics: 'Analytics', monitoring: 'Monitoring' },
  colon: ': ',
};

describe('the saved-choice page', () => {
  it('shows each category as recorded, in the page language, with the way back', () => {
    const html = savedPageHtml({
      lang: 'de',
      copy,
      recorded: { analytics: false, monitoring: true },
      back: '/de?x="1"&y=<2>',
    });
    expect(html).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(html).toContain('<title>Saved – Bagberth</title>');
    expect(html).toContain('<p class="brand">Bagberth</p>');
    expect(html).toContain('<li>Analytics: No</li><li>Monitoring: Yes</li>');
    expect(html).toContain('<a href="/de?x=&quot;1&quot;&amp;y=&lt;2&gt;">Back</a>');
  });

  it('says when the browser kept no choice, and lists nothing', () => {
    const html = savedPageHtml({ lang: 'en', copy, recorded: undefined, back: '/' });
    expect(html).toContain('<h1>Not kept</h1><p>Cookies may be blocked.</p>');
    expect(html).not.toContain('<li>');
  });

  it('takes its texts from the embedded copy, with the language’s own colon', async () => {
    const french = await savedPageCopy('fr');
    expect(french.categories.analytics).toBe('Mesure d’audience');
    expect(french.no).toBe('Non');
    expect(french.colon).toBe('\u00a0: ');
    expect((await savedPageCopy('ja')).back).toBe('ページに戻る');
  });
});
