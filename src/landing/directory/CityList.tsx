import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { CountryCities } from './citySites';
import { theme } from '@/theme';

const HEADING_ID = 'city-sites';

/** Our city sites by country, each a link in the reader's language where the host offers it. */
export function CityList({ countries }: { countries: readonly CountryCities[] }) {
  const { t } = useTranslation('microsites');
  return (
    <Nav aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID}>{t('errors.unknownHost.cities')}</h2>
      <Countries>
        {countries.map(({ country, cities }) => (
          <li key={country}>
            <Country>{country}</Country>
            <Cities>
              {cities.map((city) => (
                <li key={city.href}>
                  <a href={city.href} hrefLang={city.hrefLang}>
                    {city.name}
                  </a>
                </li>
              ))}
            </Cities>
          </li>
        ))}
      </Countries>
    </Nav>
  );
}

const Nav = styled.nav`
  margin-top: ${theme.space.xl};
  h2 {
    font-size: ${theme.fontSizes.md};
    margin-bottom: ${theme.space.sm};
  }
`;

const Countries = styled.ul`
  list-style: none;
  padding: 0;
  /* One column on a phone, two from a tablet up: a country's cities stay together. */
  ${theme.media.tablet} {
    columns: 2;
    column-gap: ${theme.space.xl};
  }
  > li {
    break-inside: avoid;
    padding: ${theme.space.xs} 0;
  }
`;

const Country = styled.p`
  && {
    font-size: ${theme.fontSizes.xs};
    font-weight: 700;
    color: ${theme.colors.ink};
  }
`;

const Cities = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space.md};
  /* Tall enough to tap on a phone (WCAG 2.2 target size). */
  a {
    display: inline-block;
    min-height: 24px;
    padding: 2px 0;
  }
`;
