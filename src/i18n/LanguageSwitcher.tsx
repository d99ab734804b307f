import type { MouseEvent } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useRouter } from 'next/router';
import styled from 'styled-components';
import { writeCookie } from '@/base/cookies';
import { GlobeIcon } from '@/theme/icons';
import { visuallyHidden } from '@/theme/VisuallyHidden';
import { labelColon } from './labelColon';
import { LANGUAGE_NAMES } from './languageNames';
import { CHOOSE_LANGUAGE_PARAM, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from './pageLanguage';
import type { WebsiteLocale } from './websiteLocales';
import { theme } from '@/theme';

export interface LanguageSwitcherProps {
  /** Only the host's own locales are offered. */
  locales: readonly WebsiteLocale[];
  onSwitch?: (from: string, to: WebsiteLocale) => void;
}

/**
 * Each choice links to the current address with `?language=`: a static page serves several hosts
 * at different URLs, and a query-only link keeps whichever one the visitor is on. The middleware
 * stores the choice and redirects, so a choice works before the app has started and without
 * JavaScript. Once the app runs, the router switches in place instead.
 */
export function LanguageSwitcher({ locales, onSwitch }: LanguageSwitcherProps) {
  const { t } = useTranslation('microsites');
  const router = useRouter();
  if (locales.length < 2) return null;
  const current = router.locale ?? 'en';

  const switchTo = (event: MouseEvent<HTMLAnchorElement>, locale: WebsiteLocale) => {
    // A click meant for a new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    writeCookie(LANGUAGE_COOKIE, locale, LANGUAGE_COOKIE_DAYS);
    onSwitch?.(current, locale);
    void router.push(router.asPath, router.asPath, { locale, scroll: false });
  };

  return (
    <Switcher>
      <summary>
        <GlobeIcon />
        <Label>
          {t('language.label')}
          {labelColon(current)}
        </Label>
        {LANGUAGE_NAMES[current as WebsiteLocale] ?? LANGUAGE_NAMES.en}
      </summary>
      <List aria-label={t('language.label')}>
        {locales.map((locale) => (
          <li key={locale}>
            <Choice
              href={`?${CHOOSE_LANGUAGE_PARAM}=${locale}`}
              hrefLang={locale}
              lang={locale}
              rel="nofollow"
              aria-current={locale === current ? 'true' : undefined}
              onClick={(event) => switchTo(event, locale)}
            >
              {LANGUAGE_NAMES[locale]}
            </Choice>
          </li>
        ))}
      </List>
    </Switcher>
  );
}

const Switcher = styled.details`
  position: relative;
  summary {
    cursor: pointer;
    list-style: none;
    padding: ${theme.space.sm} ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.pill};
    font-size: ${theme.fontSizes.xs};
    background: ${theme.colors.surface};
    min-height: 44px;
    display: flex;
    align-items: center;
    gap: ${theme.space.xs};
  }
  summary::-webkit-details-marker {
    display: none;
  }
`;

// On a phone "Language: English" wrapped inside the pill; the globe says it, and the words stay for screen readers.
const Label = styled.span`
  @media (max-width: ${theme.breakpoints.tablet - 1}px) {
    ${visuallyHidden}
  }
`;

const List = styled.ul`
  position: absolute;
  right: 0;
  z-index: 10;
  margin: ${theme.space.xs} 0 0;
  padding: ${theme.space.xs};
  list-style: none;
  min-width: 180px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.card};
`;

const Choice = styled.a`
  display: flex;
  align-items: center;
  text-decoration: none;
  padding: ${theme.space.sm} ${theme.space.md};
  min-height: 44px;
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.ink};
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
  &[aria-current='true'] {
    font-weight: 700;
    background: ${theme.colors.brandSoft};
  }
`;
