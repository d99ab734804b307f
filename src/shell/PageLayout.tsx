import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CONSENT_BANNER_ID, ConsentBanner } from '@/consent/ConsentBanner';
import { useConsentState } from '@/consent/ConsentContext';
import { DEFAULT_LOCALE } from '@/i18n/websiteLocales';
import { LEGAL_DOCUMENTS } from '@/tenancy/routeRequest';
import { Container, theme } from '@/theme';
import { LowPriorityHydration } from './LowPriorityHydration';

export interface PageLayoutProps {
  /** Right side of the header, e.g. the language switcher. */
  headerEnd?: ReactNode;
  children: ReactNode;
  year: number;
  /**
   * Where the footer's legal links point: '' (this host, which serves /terms, /privacy, /cookies)
   * or an origin, for a page shown on a host that serves nothing else (the unknown-host page).
   */
  legalOrigin?: string;
}

const MAIN_ID = 'main';

/** Skip link, header, main landmark and footer shared by every page. */
export function PageLayout({ headerEnd, children, year, legalOrigin = '' }: PageLayoutProps) {
  const { t, i18n } = useTranslation(['microsites', 'legal']);
  // Links keep the page's language; English has no prefix.
  const prefix = i18n.language === DEFAULT_LOCALE ? '' : `/${i18n.language}`;
  // Only the footer's link reads the consent, and `reopen` never changes: a new consent state must
  // not render the layout again, which would hydrate its three parts at once (LowPriorityHydration.tsx).
  const reopen = useConsentState((state) => state.reopen);
  return (
    <>
      <SkipLink href={`#${MAIN_ID}`}>{t('a11y.skipToContent')}</SkipLink>
      {/* Each part hydrates on its own, so an early tap on the banner or the header hydrates only that part (docs/decisions/0002-low-priority-hydration.md). */}
      <LowPriorityHydration>
        <ConsentBanner cookiePolicyHref={`${legalOrigin}${prefix}/cookies`} />
      </LowPriorityHydration>
      <LowPriorityHydration>
        <Header>
          <HeaderRow>
            <Brand>
              <Logo aria-hidden="true">B</Logo>
              {t('brand.name')}
            </Brand>
            {headerEnd}
          </HeaderRow>
        </Header>
      </LowPriorityHydration>
      <main id={MAIN_ID}>{children}</main>
      <LowPriorityHydration>
        <Footer>
          <Container>
            <p>{t('footer.about')}</p>
            <LegalLinks aria-label={t('legal:links.label')}>
              {LEGAL_DOCUMENTS.map((doc) => (
                <a key={doc} href={`${legalOrigin}${prefix}/${doc}`}>
                  {t(`legal:links.${doc}`)}
                </a>
              ))}
              {/* Without JavaScript the fragment shows the banner (:target); with it, the banner opens in place. */}
              <a
                href={`#${CONSENT_BANNER_ID}`}
                onClick={(event) => {
                  event.preventDefault();
                  reopen();
                }}
              >
                {t('consent.reopen')}
              </a>
            </LegalLinks>
            <p>{t('footer.copyright', { year })}</p>
          </Container>
        </Footer>
      </LowPriorityHydration>
    </>
  );
}

const SkipLink = styled.a`
  position: absolute;
  left: ${theme.space.md};
  top: -100px;
  z-index: 100;
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${theme.colors.ink};
  color: ${theme.colors.onBrand};
  border-radius: ${theme.radii.sm};
  &:focus {
    top: ${theme.space.sm};
  }
`;

const Header = styled.header`
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
`;

const HeaderRow = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  /* Lower on a phone, where every line above the call to action counts. */
  min-height: 56px;
  ${theme.media.tablet} {
    min-height: 64px;
  }
  gap: ${theme.space.md};
`;

const Brand = styled.p`
  /* The name is a logo: it keeps its line and gives way to the language switcher's label. */
  flex: none;
  white-space: nowrap;
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  font-weight: 800;
  font-size: ${theme.fontSizes.md};
  letter-spacing: -0.01em;
`;

const Logo = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: 800;
`;

const Footer = styled.footer`
  margin-top: ${theme.space.xxl};
  padding: ${theme.space.xl} 0;
  background: ${theme.colors.ink};
  color: #e8edf5;
  font-size: ${theme.fontSizes.xs};
  & > div > * + * {
    margin-top: ${theme.space.md};
  }
`;

const LegalLinks = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm} ${theme.space.md};
  a {
    color: #e8edf5;
  }
`;
