import { useTranslation } from 'next-i18next/pages';
import styled, { css } from 'styled-components';
import { Container } from '@/theme';
import { PHONE_PICTURE_WIDTH } from '../heroPicture';
import { titleKeys } from '../titleKeys';
import type { LandingProps } from '../types';
import { Breadcrumb } from './Breadcrumb';

interface HeroProps extends Pick<LandingProps, 'type' | 'price' | 'trail' | 'heroImage'> {
  place: Pick<LandingProps['place'], 'kind' | 'cityName' | 'where'>;
  bookingUrl: string;
  onCtaClick: () => void;
}

export function Hero({ place, type, price, trail, heroImage, bookingUrl, onCtaClick }: HeroProps) {
  const { t } = useTranslation('microsites');
  const eyebrow = [t(`kind.${place.kind}`), place.cityName].filter(Boolean).join(' · ');
  const title = t(titleKeys(type, place.kind).headline, { where: place.where });
  return (
    <Section>
      <Layout>
        <Text>
          <Breadcrumb trail={trail} />
          <Eyebrow>{eyebrow}</Eyebrow>
          <Title $longestWord={longestWord(title)}>{title}</Title>
          <Lead>{t(`hero.lead.${type}`, { where: place.where })}</Lead>
        </Text>
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
            {t('hero.cta', { where: place.where })}
          </Cta>
          <Note>{t('hero.ctaNote')}</Note>
        </Offer>
      </Layout>
    </Section>
  );
}

const Section = styled.section`
  background:
    radial-gradient(circle at 85% 10%, rgba(255, 183, 3, 0.18), transparent 40%),
    linear-gradient(160deg, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.surface} 70%);
  padding: ${({ theme }) => theme.space.xl} 0;
  ${({ theme }) => theme.media.tablet} { padding: ${({ theme }) => theme.space.xxl} 0; }
`;

const Layout = styled(Container)`
  display: grid;
  /* minmax(0, …): a long word must not widen the column past the screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: center;
  ${({ theme }) => theme.media.desktop} { grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr); gap: ${({ theme }) => theme.space.xxl}; }
`;

const Eyebrow = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.brandStrong};
`;

/**
 * Characters in the headline's longest word, where a line may break only between words; 0 for
 * Chinese and Japanese, where a line may break between any two characters.
 */
const longestWord = (text: string): number =>
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 0 : Math.max(0, ...text.split(/[\s\-\u2010]+/u).map((word) => [...word].length));

// Bold characters average about 0.66 em in the widest fonts pages fall back to (DejaVu Sans), with a margin.
const EM_PER_CHARACTER = 0.72;

const Text = styled.div`
  container-type: inline-size;
`;

const Title = styled.h1<{ $longestWord: number }>`
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  letter-spacing: -0.02em;
  /* A compound like "Gepäckaufbewahrung" must fit its column whole: no browser hyphenates it
     without a dictionary, and broken mid-word it reads as a typo. */
  ${({ $longestWord, theme }) =>
    $longestWord > 0 &&
    css`
      font-size: min(${theme.fontSizes.xxl}, calc(100cqi / ${($longestWord * EM_PER_CHARACTER).toFixed(2)}));
    `}
`;

const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.muted};
  max-width: 36em;
`;

const Offer = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.lg};
  display: grid;
  grid-template-columns: ${PHONE_PICTURE_WIDTH}px minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.tablet} { grid-template-columns: minmax(0, 1fr); }
`;

const Picture = styled.div`
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  line-height: 0;
  img { width: 100%; height: auto; }
  ${({ theme }) => theme.media.tablet} {
    margin: -${({ theme }) => theme.space.lg} -${({ theme }) => theme.space.lg} 0;
    border-radius: ${({ theme }) => `${theme.radii.lg} ${theme.radii.lg} 0 0`};
  }
`;

const Price = styled.h2`
  /* Beside the thumbnail on a phone: "Ab 5 £ pro Gepäckstück und Tag" must fit its column. */
  font-size: ${({ theme }) => theme.fontSizes.md};
  ${({ theme }) => theme.media.tablet} { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Cta = styled.a`
  grid-column: 1 / -1;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
  text-align: center;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.brandStrong}; }
`;

const Note = styled.p`
  grid-column: 1 / -1;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;
