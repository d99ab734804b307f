import { useTranslation } from 'next-i18next/pages';
import { addressLines } from './format';
import type { LegalFacts } from './legalFacts';

/** The terms' sections in reading order: each heading (`terms.headings`) and its paragraphs (`terms`). */
const TERMS_SECTIONS: ReadonlyArray<readonly [heading: string, paragraphs: readonly string[]]> = [
  ['scope', ['intro', 'scopeAccept']],
  ['who', ['who']],
  ['booking', ['booking', 'bookingPartner', 'bookingMade']],
  ['prices', ['prices', 'payment']],
  ['cancellation', ['cancellation', 'cancellationRefund', 'withdrawal', 'partnerCancels']],
  ['items', ['items', 'itemsMore']],
  ['handover', ['handover', 'collection', 'late']],
  ['liability', ['liability', 'claims', 'limits']],
  ['complaints', ['complaints', 'complaintsDisputes']],
  ['law', ['law', 'lawConsumer']],
  ['changes', ['changes']],
];

export function TermsText({ facts: { operator }, locale }: { facts: LegalFacts; locale: string }) {
  const { t } = useTranslation('legal');
  const values = {
    name: operator.legalName,
    address: addressLines(operator.address, locale).join(', '),
    email: operator.email,
    law: operator.governingLaw,
  };
  return TERMS_SECTIONS.map(([heading, paragraphs]) => (
    <section key={heading}>
      <h2>{t(`terms.headings.${heading}`)}</h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{t(`terms.${paragraph}`, values)}</p>
      ))}
    </section>
  ));
}
