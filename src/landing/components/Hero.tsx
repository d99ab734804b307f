import { useTranslation } from 'next-i18next/pages';
import styled, { css } from 'styled-components';
import { Container, PhoneText, theme, WideText } from '@/theme';
import { PHONE_PICTURE_WIDTH } from '../heroPicture';
import { titleKeys } from '../titleKeys';
import type { LandingProps } from '../types';
import { BookingLink } from './BookingLink';
import { Breadcrumb } from './Breadcrumb';

interface HeroProps extends Pick<LandingProps, 'type' | 'price' | 'trail' | 'heroImage'> {
  place: Pick<LandingProps['place'], 'kind' | 'cityName' | 'where'>;
  bookingUrl: string;
  onCtaClick: () => void;
}

export function Hero({ place, type, price, trail, heroImage, bookingUrl, onCtaClick }: HeroProps) {
  const { t } = useTranslation('microsites');
  const title = t(titleKeys(type, place.kind).headline, { where: place.where });
  return (
    <Section>
      {/* Headline, offer, lead: on a phone in that order, so the call to action is on the first screen; on a desktop the offer stands beside the text. */}
      <Layout>
        <Intro>
          <Breadcrumb trail={trail} />
          <Eyebrow>
            {t(`kind.${place.kind}`)}
            {/* On a phone the breadcrumb just above names the city. */}
            {place.cityName && <WideText> · {place.cityName}</WideText>}
          </Eyebrow>
          <Title $longestWord={longestWord(title)}>{title}</Title>
        </Intro>
        <Offer aria-labelledby="offer-price">
          <Picture>
            {/* Fetched first and sized to its column; on phones a thumbnail beside the price, so the headline and the call to action come first. */}
            {/* eslint-disable-next-line @next/next/no-img-element -- next/image's attributes, resolved at build time by getImageProps (src/landing/server.ts) */}
            <img
              {...heroImage}
              alt={t('meta.ogImageAlt', { where: place.where })}
              fetchPriority="high"
              decoding="async"
            />
          </Picture>
          <Price id="offer-price">{t('hero.priceFrom', { price: price.dailyFrom })}</Price>
          <Cta href={bookingUrl} onClick={onCtaClick}>
            {/* On a phone without the place, which the headline just above names: one line, not three. */}
            <PhoneText>{t('hero.ctaShort')}</PhoneText>
            <WideText>{t('hero.cta', { where: place.where })}</WideText>
          </Cta>
          <Note>{t('hero.ctaNote')}</Note>
        </Offer>
        <Lead>{t(`hero.lead.${type}`, { where: place.where })}</Lead>
      </Layout>
    </Section>
  );
}

const Section = styled.section`
  background:
    radial-gradient(circle at 85% 10%, rgba(255, 183, 3, 0.18), transparent 40%),
    linear-gradient(160deg, ${theme.colors.brandSoft}, ${theme.colors.surface} 70%);
  padding: ${theme.space.sm} 0 ${theme.space.xl};
  ${theme.media.tablet} {
    padding: ${theme.space.xxl} 0;
  }
`;

const Layout = styled(Container)`
  display: grid;
  /* minmax(0, …): a long word must not widen the column past the screen. */
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'intro' 'offer' 'lead';
  gap: ${theme.space.sm};
  ${theme.media.tablet} {
    gap: ${theme.space.lg};
  }
  /* The headline and lead, as one block centred beside the offer. */
  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
    grid-template-areas: 'intro offer' 'lead offer';
    gap: 0 ${theme.space.xxl};
  }
`;

const Intro = styled.div`
  grid-area: intro;
  align-self: end;
  container-type: inline-size;
`;

const Eyebrow = styled.p`
  font-size: ${theme.fontSizes.xs};
  font-weight: 700;
  color: ${theme.colors.brandStrong};
  /* Capitals spaced out take a second line on a phone. */
  ${theme.media.tablet} {
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
`;

/**
 * Characters in the headline's longest word, where a line may break only between words; 0 for
 * Chinese and Japanese, where a line may break between any two characters.
 */
const longestWord = (text: string): number =>
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)
    ? 0
    : Math.max(0, ...text.split(/[\s\-\u2010]+/u).map((word) => [...word].length));

// Bold characters average about 0.66 em in the widest fonts pages fall back to (DejaVu Sans), with a margin.
const EM_PER_CHARACTER = 0.72;

const Title = styled.h1<{ $longestWord: number }>`
  margin-top: ${theme.space.xs};
  ${theme.media.tablet} {
    margin: ${theme.space.sm} 0 ${theme.space.md};
  }
  font-size: ${theme.fontSizes.xxl};
  letter-spacing: -0.02em;
  /* A compound like "Gepäckaufbewahrung" must fit its column whole: no browser hyphenates it
     without a dictionary, and broken mid-word it reads as a typo. */
  ${({ $longestWord }) =>
    $longestWord > 0 &&
    css`
      font-size: min(${theme.fontSizes.xxl}, calc(100cqi / ${($longestWord * EM_PER_CHARACTER).toFixed(2)}));
    `}
`;

const Lead = styled.p`
  grid-area: lead;
  align-self: start;
  font-size: ${theme.fontSizes.md};
  color: ${theme.colors.muted};
  max-width: 36em;
`;

const Offer = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  grid-area: offer;
  align-self: center;
  padding: ${theme.space.md};
  display: grid;
  grid-template-columns: ${PHONE_PICTURE_WIDTH}px minmax(0, 1fr);
  align-items: center;
  gap: ${theme.space.sm} ${theme.space.md};
  ${theme.media.tablet} {
    grid-template-columns: minmax(0, 1fr);
    padding: ${theme.space.lg};
    gap: ${theme.space.md};
  }
`;

/* A picture element: React writes no preload for an image inside one; the image's own high priority fetches it as early. */
const Picture = styled.picture`
  display: block;
  border-radius: ${theme.radii.md};
  overflow: hidden;
  line-height: 0;
  img {
    width: 100%;
    height: auto;
  }
  ${theme.media.tablet} {
    margin: -${theme.space.lg} -${theme.space.lg} 0;
    border-radius: ${theme.radii.lg} ${theme.radii.lg} 0 0;
  }
`;

const Price = styled.h2`
  /* Beside the thumbnail on a phone: "Ab CHF 7 pro Gepäckstück und Tag" must fit its column with
     no word cut, which at 320 px takes 1rem. */
  font-size: clamp(${theme.fontSizes.sm}, 5vw, ${theme.fontSizes.md});
  ${theme.media.tablet} {
    font-size: ${theme.fontSizes.lg};
  }
`;

const Cta = styled(BookingLink)`
  grid-column: 1 / -1;
`;

const Note = styled.p`
  grid-column: 1 / -1;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
  text-align: center;
`;
