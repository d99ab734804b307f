import { useTranslation } from 'next-i18next/pages';
import { AddressLines, FactList, MailLink, PhoneLink } from './blocks';
import { list } from './format';
import type { LegalFacts } from './legalFacts';

/** The imprint (§ 5 DDG, § 18(2) MStV, § 5 ECG, § 25 MedienG, Art. 3(1)(s) UWG, LCEN): every line from tenants/operator.json. */
export function ImprintText({ facts: { operator }, locale }: { facts: LegalFacts; locale: string }) {
  const { t } = useTranslation('legal');
  const arbitration = operator.consumerArbitration;
  return (
    <>
      <p>{t('imprint.intro')}</p>
      <h2>{t('imprint.operator')}</h2>
      <p>{operator.legalName}</p>
      <FactList
        facts={[
          [t('facts.address'), <AddressLines key="address" address={operator.address} locale={locale} />],
          [
            t(operator.directors.length === 1 ? 'imprint.directors.one' : 'imprint.directors.many'),
            list(operator.directors, locale),
          ],
          [
            t('imprint.register'),
            t('imprint.registerEntry', { register: operator.register.name, number: operator.register.number }),
          ],
          [t('imprint.vat'), operator.vatNumber],
        ]}
      />
      <h2>{t('imprint.contact')}</h2>
      <FactList
        facts={[
          [t('facts.email'), <MailLink key="email" email={operator.email} />],
          [t('facts.phone'), <PhoneLink key="phone" phone={operator.phone} />],
        ]}
      />
      <h2>{t('imprint.content')}</h2>
      <p>{t('imprint.contentPerson', { name: operator.responsibleForContent })}</p>
      <h2>{t('imprint.authority')}</h2>
      <Authority facts={operator} locale={locale} />
      {operator.euRepresentative && (
        <>
          <h2>{t('imprint.representative')}</h2>
          <Contact
            name={operator.euRepresentative.name}
            address={operator.euRepresentative.address}
            email={operator.euRepresentative.email}
            locale={locale}
          />
        </>
      )}
      <h2>{t('imprint.hosting')}</h2>
      <Contact
        name={operator.hostingProvider.name}
        address={operator.hostingProvider.address}
        phone={operator.hostingProvider.phone}
        locale={locale}
      />
      <h2>{t('imprint.disputesHeading')}</h2>
      {/* The EU's ODR platform closed on 20 July 2025: nothing to link. */}
      <p>
        {arbitration
          ? t('imprint.disputesBody', { name: arbitration.name, website: arbitration.website })
          : t('imprint.disputesNone')}
      </p>
      <p>{t('imprint.disputesFirst', { email: operator.email })}</p>
    </>
  );
}

/** A name and postal address, with email and phone links when there are any. */
export function Contact({
  name,
  address,
  email,
  phone,
  locale,
}: {
  name: string;
  address: LegalFacts['operator']['address'];
  email?: string;
  phone?: string;
  locale: string;
}) {
  return (
    <address>
      {name}
      <br />
      <AddressLines address={address} locale={locale} />
      {email && (
        <>
          <br />
          <MailLink email={email} />
        </>
      )}
      {phone && (
        <>
          <br />
          <PhoneLink phone={phone} />
        </>
      )}
    </address>
  );
}

/** The operator's lead supervisory authority, with its website. */
export function Authority({ facts, locale }: { facts: LegalFacts['operator']; locale: string }) {
  const { t } = useTranslation('legal');
  const { name, address, website } = facts.supervisoryAuthority;
  return (
    <>
      <Contact name={name} address={address} locale={locale} />
      <FactList
        facts={[
          [
            t('facts.website'),
            <a key="website" href={website}>
              {new URL(website).host}
            </a>,
          ],
        ]}
      />
    </>
  );
}
