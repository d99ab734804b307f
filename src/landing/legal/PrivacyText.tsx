import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { AddressLines, CodeList, FactList, Lines, MailLink, PhoneLink } from './blocks';
import { countryName, list, percent, period } from './format';
import { Authority, Contact } from './ImprintText';
import type { LegalFacts, ProcessorFacts } from './legalFacts';
import { theme } from '@/theme';

/**
 * The privacy policy: the controller and every processor the consent layer can load, with what each
 * receives and stores, from code (consent/processors.ts, storageKeys.ts, the SDK settings) and the
 * operator's contracts (tenants/operator.json).
 */
export function PrivacyText({ facts, locale }: { facts: LegalFacts; locale: string }) {
  const { t } = useTranslation('legal');
  const { operator } = facts;
  const representative = operator.euRepresentative;
  return (
    <>
      <p>{t('privacy.intro')}</p>

      <h2>{t('privacy.headings.controller')}</h2>
      <p>{t('privacy.controller', { name: operator.legalName })}</p>
      <address>
        {operator.legalName}
        <br />
        <AddressLines address={operator.address} locale={locale} />
        <br />
        <MailLink email={operator.email} />
        <br />
        <PhoneLink phone={operator.phone} />
      </address>
      {representative && (
        <>
          <p>{t('privacy.representative')}</p>
          <Contact
            name={representative.name}
            address={representative.address}
            email={representative.email}
            locale={locale}
          />
        </>
      )}

      <h2>{t('privacy.headings.visit')}</h2>
      <p>{t('privacy.visit')}</p>
      <p>{t('privacy.logs', { period: period(operator.serverErrorLogRetention, locale) })}</p>
      <p>{t('privacy.reports')}</p>

      <h2>{t('privacy.headings.storage')}</h2>
      <p>{t('privacy.necessary', { names: list(facts.necessary, locale) })}</p>
      <p>{t('privacy.ownAnalytics', { names: list(facts.ownAnalytics, locale) })}</p>
      <p>{t('privacy.storageMore')}</p>

      <h2>{t('privacy.headings.choice')}</h2>
      <p>{t('privacy.optIn')}</p>
      <p>{t('privacy.optOut')}</p>
      <p>{t('privacy.withdraw')}</p>
      <p>{t('privacy.bookingLink')}</p>
      <p>{t('privacy.noNeed')}</p>

      <h2>{t('privacy.headings.processors')}</h2>
      <p>{t('privacy.processorsIntro')}</p>
      <p>{t('privacy.fieldsNote')}</p>
      {facts.processors.map((processor) => (
        <ProcessorEntry key={processor.id} processor={processor} facts={facts} locale={locale} />
      ))}

      <h2>{t('privacy.headings.rights')}</h2>
      <p>{t('privacy.rights')}</p>
      <p>{t('privacy.object')}</p>
      <p>{t('privacy.exercise', { email: operator.email, cookie: facts.visitorIdCookie })}</p>

      <h2>{t('privacy.headings.complaint')}</h2>
      <p>{t('privacy.complaint')}</p>
      <Authority facts={operator} locale={locale} />

      <h2>{t('privacy.headings.other')}</h2>
      <p>{t('privacy.noDecisions')}</p>
      <p>{t('privacy.changes')}</p>
    </>
  );
}

function ProcessorEntry({
  processor,
  facts,
  locale,
}: {
  processor: ProcessorFacts;
  facts: LegalFacts;
  locale: string;
}) {
  const { t } = useTranslation('legal');
  const values = {
    sessions: percent(facts.monitoring.sessions, locale),
    replays: percent(facts.monitoring.replays, locale),
  };
  return (
    <Processor>
      <h3>{processor.name}</h3>
      <FactList
        facts={[
          [t('privacy.processor.purpose'), t(`privacy.processors.${processor.id}.purpose`)],
          [t('privacy.processor.receives'), t(`privacy.processors.${processor.id}.receives`, values)],
          [t('privacy.processor.fields'), <FieldList key="fields" fields={processor.fields} locale={locale} />],
          [
            t('privacy.processor.company'),
            <Contact key="company" name={processor.entity} address={processor.address} locale={locale} />,
          ],
          [t('privacy.processor.where'), countryName(processor.country, locale)],
          [
            t('privacy.processor.safeguard'),
            <Lines
              key="safeguards"
              lines={processor.safeguards.map((safeguard) => t(`privacy.safeguards.${safeguard}`))}
            />,
          ],
          [t('privacy.processor.kept'), period(processor.retention, locale)],
          [t('privacy.processor.basis'), t('privacy.basis')],
          [t('privacy.processor.storage'), <CodeList key="stored" names={processor.stored} locale={locale} />],
        ]}
      />
    </Processor>
  );
}

/** Each kind of data with the fields that carry it, as the SDK names them; some come with the connection alone. */
function FieldList({ fields, locale }: { fields: ProcessorFacts['fields']; locale: string }) {
  const { t } = useTranslation('legal');
  return (
    <Fields>
      {fields.map(({ kind, names }) => (
        <li key={kind}>
          {t('privacy.fieldKind', { kind: t(`privacy.dataKinds.${kind}`) })}
          {names.length > 0 ? <CodeList names={names} locale={locale} /> : t('privacy.withConnection')}
        </li>
      ))}
    </Fields>
  );
}

const Fields = styled.ul`
  margin: 0;
  padding-inline-start: ${theme.space.md};
  li + li {
    margin-top: ${theme.space.xs};
  }
  code {
    overflow-wrap: anywhere;
  }
`;

/* One provider after another, each set off by a rule. */
const Processor = styled.section`
  margin-top: ${theme.space.lg};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;
