import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import type { PostalAddress } from '@/tenancy/operatorFacts';
import { addressLines } from './format';
import { theme } from '@/theme';

/** Label and value pairs, stacked: nothing to scroll sideways on a 320 px phone. */
export function FactList({ facts }: { facts: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <Facts>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}

/** Lines joined by line breaks: an address inside a paragraph, a definition or an `<address>`. */
export function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

export const AddressLines = ({ address, locale }: { address: PostalAddress; locale: string }) => (
  <Lines lines={addressLines(address, locale)} />
);

export const MailLink = ({ email }: { email: string }) => <a href={`mailto:${email}`}>{email}</a>;

/** A phone number written in groups, dialled without them. */
export const PhoneLink = ({ phone }: { phone: string }) => <a href={`tel:${phone.replaceAll(' ', '')}`}>{phone}</a>;

/** Names as code, in a list the page's language punctuates ("a, b and c"). */
export function CodeList({ names, locale }: { names: readonly string[]; locale: string }) {
  return new Intl.ListFormat(locale, { type: 'conjunction' })
    .formatToParts(names)
    .map((part, index) =>
      part.type === 'element' ? <code key={index}>{part.value}</code> : <Fragment key={index}>{part.value}</Fragment>,
    );
}

const Facts = styled.dl`
  margin: ${theme.space.sm} 0 ${theme.space.md};
  dt {
    font-weight: 700;
    margin-top: ${theme.space.sm};
  }
  dd {
    margin: 0;
  }
  /* Long words (a German label, an address) wrap rather than widen the page. */
  overflow-wrap: break-word;
`;
