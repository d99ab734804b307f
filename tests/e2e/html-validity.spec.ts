// Quality bar: the HTML the server sends is valid (html-validate, standard rules) on landing,
// error and legal pages, in more than one language.
import { HtmlValidate } from 'html-validate';
import { expect, hostUrl, test } from './support/fixtures';

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

const pages = [
  { name: 'landing (en)', url: hostUrl('kingscross-bagberth.co.uk'), status: 200 },
  { name: 'city landing (de)', url: hostUrl('london-bagberth.co.uk', '/de'), status: 200 },
  { name: 'landing (ja)', url: hostUrl('kyotostation-bagberth.jp', '/ja'), status: 200 },
  { name: '404', url: hostUrl('kingscross-bagberth.co.uk', '/no-such-page'), status: 404 },
  { name: 'unknown host', url: hostUrl('no-such-site.example'), status: 404 },
  { name: 'legal (fr)', url: hostUrl('kingscross-bagberth.co.uk', '/fr/privacy'), status: 200 },
  { name: 'terms (en)', url: hostUrl('kingscross-bagberth.co.uk', '/terms'), status: 200 },
  { name: 'imprint (de)', url: hostUrl('cornavin-bagberth.ch', '/de/impressum'), status: 200 },
];

for (const { name, url, status } of pages) {
  test(`valid HTML: ${name}`, async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto(url);
    expect(response?.status()).toBe(status);
    const report = await validator.validateString((await response?.text()) ?? '');
    const messages = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId}: ${message.message} (line ${message.line})`),
    );
    expect(messages).toEqual([]);
  });
}
