import { Trans, useTranslation } from 'next-i18next/pages';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Container, PhoneText, theme, WideText } from '@/theme';
import { useConsent } from './ConsentContext';
import { CONSENT_CATEGORIES, CONSENT_MARK_ATTRIBUTE, GPC_MARK_ATTRIBUTE, choiceFromForm } from './record';

export const CONSENT_BANNER_ID = 'cookie-consent';
/** Where a submitted choice goes without JavaScript, or before the app has started. */
const CONSENT_FORM_ACTION = '/api/consent';

/**
 * The cookie choice, server-rendered in the page's language at the top of every page, in flow:
 * it never covers the call to action, and shows or hides before the first paint (no shift). On a
 * phone it is compact (one sentence, the two buttons, the categories folded), so the call to action
 * still fits the first screen below it (docs/consent.md). A
 * plain form, so it works before the app's scripts run and without them; once they run, the
 * choice applies in place.
 */
export function ConsentBanner({ cookiePolicyHref }: { cookiePolicyHref: string }) {
  const { t } = useTranslation(['microsites', 'legal']);
  const { regime, consent, choose, banner } = useConsent();
  const region = useRef<HTMLElement>(null);
  // Closed by the visitor's choice here, at once: the page's consent follows in a transition (ConsentContext.tsx).
  // Until the context's banner state changes, which it does once the transition commits.
  const [closing, setClosing] = useState(false);
  const [bannerSeen, setBannerSeen] = useState(banner);
  if (bannerSeen !== banner) {
    setBannerSeen(banner);
    setClosing(false);
  }

  useEffect(() => {
    if (banner === 'open') region.current?.focus();
  }, [banner]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget);
    const field = (name: string) => form.get(name)?.toString();
    const choice = choiceFromForm({
      choice: submitter?.getAttribute('value') ?? undefined,
      analytics: field('analytics'),
      monitoring: field('monitoring'),
    });
    if (!choice) return;
    event.preventDefault();
    setClosing(true);
    choose(choice);
  };

  // A box is ticked only for what runs: nothing before the app knows the visitor's record and
  // signals (in the static page, and without JavaScript, where nothing runs), then what they allow
  // (an opt-out host runs both unless refused, analytics not under Global Privacy Control).
  const policy = <a href={cookiePolicyHref}>{t('legal:links.cookies')}</a>;
  const short = (key: string) => <Trans t={t} i18nKey={key} components={{ policy: <a href={cookiePolicyHref} /> }} />;
  const ticked = (category: (typeof CONSENT_CATEGORIES)[number]) => consent?.[category] === true;
  return (
    // data-nosnippet: the banner is the first text of the body, never a search result's snippet.
    <Region
      id={CONSENT_BANNER_ID}
      ref={region}
      tabIndex={-1}
      aria-label={t('consent.label')}
      data-state={closing ? 'closed' : banner}
      data-nosnippet=""
    >
      <Container>
        <form method="post" action={CONSENT_FORM_ACTION} onSubmit={onSubmit}>
          <Text>
            {/* On a phone one sentence naming the purposes, its word for cookies a link to the policy, so the page's call to action stays on the first screen; the categories are one tap away, under "Choose by category". */}
            <PhoneText>
              {regime === 'opt-in' ? (
                short('consent.shortOptIn')
              ) : (
                <ByGpc plain={short('consent.shortOptOut')} honoured={short('consent.shortGpc')} />
              )}
            </PhoneText>
            <WideText>
              {regime === 'opt-in' ? (
                t('consent.bodyOptIn')
              ) : (
                <ByGpc plain={t('consent.bodyOptOut')} honoured={t('consent.bodyGpc')} />
              )}{' '}
              {policy}
            </WideText>
          </Text>
          <Buttons>
            {/* Accepting and refusing weigh the same: same size (one grid track each), same style, side by side. */}
            <Choice type="submit" name="choice" value="all">
              {t('consent.acceptAll')}
            </Choice>
            <Choice type="submit" name="choice" value="none">
              {t('consent.rejectAll')}
            </Choice>
          </Buttons>
          <Settings>
            <summary>{t('consent.settings')}</summary>
            <fieldset key={JSON.stringify(consent ?? regime)}>
              <legend>{t('consent.categories')}</legend>
              <Category>
                <input type="checkbox" checked disabled aria-describedby="consent-necessary" />
                <span>
                  <strong>{t('consent.necessary.name')}</strong>
                  <small id="consent-necessary">{t('consent.necessary.description')}</small>
                </span>
              </Category>
              {CONSENT_CATEGORIES.map((category) => (
                <Category key={category}>
                  <input
                    type="checkbox"
                    name={category}
                    defaultChecked={ticked(category)}
                    aria-describedby={`consent-${category}`}
                  />
                  <span>
                    <strong>{t(`consent.${category}.name`)}</strong>
                    <small id={`consent-${category}`}>{t(`consent.${category}.description`)}</small>
                  </span>
                </Category>
              ))}
              <Choice type="submit" name="choice" value="custom">
                {t('consent.save')}
              </Choice>
            </fieldset>
          </Settings>
        </form>
      </Container>
    </Region>
  );
}

/**
 * On an opt-out host Global Privacy Control refuses analytics (record.ts effectiveConsent) and
 * replay (monitoring/rumInitOptions.ts) until the visitor chooses. Both wordings are in the static
 * page; the head script's mark (markRecordedConsent.ts) picks one before the first paint, so the
 * banner never shifts. Once a choice is recorded the plain wording is the true one.
 */
const GPC_UNDECIDED = `html[${GPC_MARK_ATTRIBUTE}='on']:not([${CONSENT_MARK_ATTRIBUTE}='recorded'])`;
const Plain = styled.span`
  ${GPC_UNDECIDED} & {
    display: none;
  }
`;
const Honoured = styled.span`
  display: none;
  ${GPC_UNDECIDED} & {
    display: inline;
  }
`;
function ByGpc({ plain, honoured }: { plain: ReactNode; honoured: ReactNode }) {
  return (
    <>
      <Plain>{plain}</Plain>
      <Honoured>{honoured}</Honoured>
    </>
  );
}

const Region = styled.section`
  a {
    color: ${theme.colors.brandStrong};
    font-weight: 700;
  }
  background: ${theme.colors.brandSoft};
  border-bottom: 1px solid ${theme.colors.border};
  padding: ${theme.space.sm} 0;
  font-size: ${theme.fontSizes.xs};
  ${theme.media.tablet} {
    padding: ${theme.space.md} 0;
  }
  &:focus {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: -3px;
  }
  /* A recorded choice hides it before the first paint; the footer link (#cookie-consent) shows it again. */
  html[${CONSENT_MARK_ATTRIBUTE}='recorded'] &:not(:target) {
    display: none;
  }
  &[data-state='open'] {
    display: block !important;
  }
  &[data-state='closed'] {
    display: none !important;
  }
`;

const Text = styled.p`
  max-width: 60em;
`;

const Buttons = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.sm};
  margin-top: ${theme.space.sm};
  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 16rem));
  }
`;

const Choice = styled.button`
  min-height: 44px;
  padding: ${theme.space.xs} ${theme.space.sm};
  border: 2px solid ${theme.colors.brand};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.brandStrong};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Settings = styled.details`
  margin-top: ${theme.space.xs};
  summary {
    cursor: pointer;
    font-weight: 700;
    color: ${theme.colors.brandStrong};
    padding: ${theme.space.xs} 0;
  }
  summary:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: ${theme.space.sm} 0 0;
    display: grid;
    gap: ${theme.space.sm};
    justify-items: start;
  }
  legend {
    font-weight: 700;
    margin-bottom: ${theme.space.xs};
  }
`;

const Category = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
    accent-color: ${theme.colors.brand};
  }
  span {
    display: grid;
  }
  small {
    font-size: inherit;
    color: ${theme.colors.muted};
  }
`;
