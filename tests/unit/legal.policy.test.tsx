// Issue 21 item 5: the privacy policy names every processor and every name stored in the browser
// that the consent layer lists (consent/processors.ts, consent/storageKeys.ts), and says only what
// the code and the SDKs do. The real English copy over the real facts, as the page renders them.
import { SESSION_EXPIRATION_DELAY, SESSION_TIME_OUT_DELAY } from '@datadog/browser-core';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseMonitoringEnv } from '@/config/monitoringEnv';
import { DATA_KINDS, PROCESSOR_FIELDS } from '@/consent/processorFields';
import { PROCESSORS } from '@/consent/processors';
import { DATADOG_VISIT, STORAGE_ENTRIES } from '@/consent/storageKeys';
import { legalFacts } from '@/landing/legal/legalFacts';
import { PrivacyText } from '@/landing/legal/PrivacyText';
import { logsInitOptions, rumInitOptions } from '@/monitoring/rumInitOptions';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { OPERATOR } from '@/tenancy/operatorFacts';
import legal from '../../locales/en/legal.json';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['legal'],
    defaultNS: 'legal',
    resources: { en: { legal } },
    interpolation: { escapeValue: false },
  });
});

/** The policy's text as a reader sees it, from its HTML. */
function policyText(facts = legalFacts('en'), { withoutCode = false } = {}): string {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PrivacyText facts={facts} locale="en-GB" />
    </I18nextProvider>,
  );
  return (withoutCode ? html.replace(/<code>[^<]*<\/code>/g, '') : html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('the privacy policy and the consent layer agree', () => {
  it('has one processor for each provider that stores anything, and no other', () => {
    const providers = new Set(
      STORAGE_ENTRIES.map((entry) => entry.provider).filter((provider) => provider !== 'Bagberth'),
    );
    expect(PROCESSORS.map((processor) => processor.name).sort()).toEqual([...providers].sort());
  });

  it('names every processor, with copy for what it does and receives', () => {
    const text = policyText();
    for (const { id, name } of PROCESSORS) {
      expect(text).toContain(` ${name} `);
      expect(legal.privacy.processors).toHaveProperty(`${id}.purpose`);
      expect(legal.privacy.processors).toHaveProperty(`${id}.receives`);
    }
  });

  it('lists every field each processor receives, under the kind it belongs to (issue 36 item 2)', () => {
    const text = policyText();
    for (const processor of legalFacts('en').processors) {
      const kinds = processor.fields.map(({ kind }) => kind);
      expect(kinds, processor.name).toEqual(DATA_KINDS.filter((kind) => kind in PROCESSOR_FIELDS[processor.id]));
      for (const { kind, names } of processor.fields) {
        const line = `${legal.privacy.dataKinds[kind]}: `;
        expect(text, `${processor.name}: ${kind}`).toContain(
          names.length > 0 ? `${line} ${names[0]}` : `${line}${legal.privacy.withConnection}`,
        );
        for (const name of names) expect(text, `${processor.name}: ${name}`).toContain(` ${name} `);
      }
    }
  });

  it('names every cookie and storage key the consent layer lists', () => {
    const text = policyText();
    for (const { name } of STORAGE_ENTRIES) expect(text, name).toContain(name);
  });

  it('lists each processor’s names under it, with its contract from tenants/operator.json', () => {
    for (const processor of legalFacts('en').processors) {
      expect(processor.stored.sort()).toEqual(
        [
          ...new Set(STORAGE_ENTRIES.filter((entry) => entry.provider === processor.name).map((entry) => entry.name)),
        ].sort(),
      );
      expect(processor.entity).toBe(OPERATOR.processors[processor.id]?.entity);
    }
  });

  it('names the processors’ countries, durations and safeguards in words, never as codes', () => {
    // Without the field names: Datadog calls one of them `privacy.replay_level`.
    const text = policyText(legalFacts('en'), { withoutCode: true });
    expect(text).toContain('United States');
    expect(text).toContain('24 months');
    expect(text).toContain('EU–US Data Privacy Framework');
    // Outside the field names, one of which Datadog calls `privacy.replay_level`.
    expect(text.replace(/<code>[^<]*<\/code>/g, '')).not.toMatch(/\bprivacy\.|\{\{/);
  });
});

describe('the privacy policy says what the code does', () => {
  it('puts Amplitude where its server zone is', async () => {
    const { SERVER_ZONE } = await import('@/analytics');
    expect(SERVER_ZONE).toBe('US');
    expect(legalFacts('en').processors.find((processor) => processor.id === 'amplitude')?.country).toBe('US');
  });

  it('puts Datadog where NEXT_PUBLIC_DATADOG_SITE stores the data', async () => {
    expect(legalFacts('en').processors.find((processor) => processor.id === 'datadog')?.country).toBe('US');
    vi.resetModules();
    vi.stubEnv('NEXT_PUBLIC_DATADOG_SITE', 'datadoghq.eu');
    try {
      const { legalFacts: factsForEu } = await import('@/landing/legal/legalFacts');
      const datadog = factsForEu('en').processors.find((processor) => processor.id === 'datadog');
      expect(datadog?.country).toBe('DE');
      expect(policyText(factsForEu('en'))).toContain('Germany');
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('gives Datadog’s sampling as configured: a share of visits, and of those a share replayed', () => {
    const production = parseMonitoringEnv({ NEXT_PUBLIC_DATADOG_ENV: 'production' });
    const text = policyText({
      ...legalFacts('en'),
      monitoring: { sessions: production.sampleRate / 100, replays: production.sessionReplaySampleRate / 100 },
    });
    expect(text).toContain('Datadog records 50% of visits. Of these, 20% are also kept as a session replay');
  });

  it('says typing is hidden in a replay, as the privacy level masks user input', () => {
    const config = parseMonitoringEnv({
      NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app',
      NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub',
    });
    if (!config.enabled) throw new Error('monitoring should be on');
    expect(rumInitOptions(config, { useSafariProxy: false }).defaultPrivacyLevel).toBe('mask-user-input');
    expect(policyText()).toContain('with everything you type hidden');
  });

  it('keeps Datadog’s cookie 4 hours, as the SDK writes it without an anonymous id', () => {
    const config = parseMonitoringEnv({
      NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app',
      NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub',
    });
    if (!config.enabled) throw new Error('monitoring should be on');
    // sessionInCookie.ts: trackAnonymousUser ? SESSION_COOKIE_EXPIRATION_DELAY (a year) : SESSION_TIME_OUT_DELAY.
    expect(rumInitOptions(config, { useSafariProxy: false }).trackAnonymousUser).toBe(false);
    expect(logsInitOptions(config, { useSafariProxy: false }).trackAnonymousUser).toBe(false);
    const cookie = STORAGE_ENTRIES.find((entry) => entry.provider === 'Datadog' && entry.kind === 'cookie');
    expect(cookie?.lifetime).toEqual({ count: SESSION_TIME_OUT_DELAY / (60 * 60 * 1000), unit: 'hour' });
  });

  it('gives the visit inside Datadog’s cookie the SDK’s limits', () => {
    expect(DATADOG_VISIT.idleMinutes * 60 * 1000).toBe(SESSION_EXPIRATION_DELAY);
    expect(DATADOG_VISIT.longestHours * 60 * 60 * 1000).toBe(SESSION_TIME_OUT_DELAY);
  });
});

describe('operator facts live in tenants/operator.json only', () => {
  const facts = [
    OPERATOR.legalName,
    OPERATOR.email,
    OPERATOR.phone,
    OPERATOR.vatNumber,
    OPERATOR.address.street,
    OPERATOR.address.postcode,
    OPERATOR.register.number,
    ...OPERATOR.directors,
  ];
  it.each(WEBSITE_LOCALES)('no %s legal text writes one out', async (locale) => {
    const text = JSON.stringify((await import(`../../locales/${locale}/legal.json`)).default);
    for (const fact of facts) expect(text, fact).not.toContain(fact);
  });
});
