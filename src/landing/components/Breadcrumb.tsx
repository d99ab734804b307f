import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { Crumb } from '@/seo/jsonLd';
import { theme } from '@/theme';

/** Brand → city → place, the same trail the structured data gives search engines. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation('microsites');
  if (trail.length < 2) return null;
  return (
    // Without the page itself (hidden on a phone), a trail of the brand alone leads nowhere new.
    <Nav aria-label={t('breadcrumb.label')} $phoneHidden={trail.length < 3}>
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.url} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.url}>
              <a href={crumb.url}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </Nav>
  );
}

const Nav = styled.nav<{ $phoneHidden: boolean }>`
  ${({ $phoneHidden }) => $phoneHidden && `display: none; ${theme.media.tablet} { display: block; }`}
  font-size: ${theme.fontSizes.xs};
  margin-bottom: ${theme.space.xs};
  ${theme.media.tablet} {
    margin-bottom: ${theme.space.md};
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space.xs};
  }
  li + li::before {
    content: '›';
    margin-right: ${theme.space.xs};
    color: ${theme.colors.muted};
  }
  a {
    color: ${theme.colors.brandStrong};
  }
  [aria-current] {
    color: ${theme.colors.muted};
  }
  /* On a phone the headline right below names the page, often in two lines of its own here. */
  li[aria-current] {
    display: none;
  }
  ${theme.media.tablet} {
    li[aria-current] {
      display: block;
    }
  }
`;
