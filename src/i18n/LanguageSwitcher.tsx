import Cookies from 'js-cookie';
import { useTranslation } from 'next-i18next/pages';
import { useRouter } from 'next/router';
import styled from 'styled-components';
import { GlobeIcon } from '@/theme/icons';
import { localeEntryFor } from './localeTable';
import { LANGUAGE_COOKIE } from './pageLanguage';
import type { WebsiteLocale } from './websiteLocales';

const LANGUAGE_COOKIE_DAYS = 365;

export interface LanguageSwitcherProps {
  /** Only the host's own locales are offered. */
  locales: readonly WebsiteLocale[];
  onSwitch?: (from: string, to: WebsiteLocale) => void;
}

/**
 * Buttons, not links: a static page serves several hosts at different URLs, so only the browser
 * knows the address to switch; the router keeps it and changes the locale.
 */
export function LanguageSwitcher({ locales, onSwitch }: LanguageSwitcherProps) {
  const { t } = useTranslation('microsites');
  const router = useRouter();
  if (locales.length < 2) return null;
  const current = router.locale ?? 'en';

  const switchTo = (locale: WebsiteLocale) => {
    Cookies.set(LANGUAGE_COOKIE, locale, {
      expires: LANGUAGE_COOKIE_DAYS,
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
    });
    onSwitch?.(current, locale);
    void router.push(router.asPath, router.asPath, { locale, scroll: false });
  };

  return (
    <Switcher>
      <summary>
        <GlobeIcon />
        {t('language.label')}: {localeEntryFor(current as WebsiteLocale).friendlyName}
      </summary>
      <List aria-label={t('language.label')}>
        {locales.map((locale) => (
          <li key={locale}>
            <Choice
              type="button"
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => switchTo(locale)}
            >
              {localeEntryFor(locale).friendlyName}
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
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    background: ${({ theme }) => theme.colors.surface};
    min-height: 44px;
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
  summary::-webkit-details-marker { display: none; }
`;

const List = styled.ul`
  position: absolute;
  right: 0;
  z-index: 10;
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: ${({ theme }) => theme.space.xs};
  list-style: none;
  min-width: 180px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Choice = styled.button`
  width: 100%;
  text-align: left;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  min-height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &[aria-current='true'] { font-weight: 700; background: ${({ theme }) => theme.colors.brandSoft}; }
`;
