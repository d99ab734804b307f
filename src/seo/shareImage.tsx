import { theme } from '@/theme/theme';

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** What a share image says, in the page's language. */
export interface ShareImageText {
  kindLabel: string;
  headline: string;
  price: string;
}

/** The per-page share image (Open Graph and Twitter): brand colours, the place and its price. */
/** `fontFamily`: the fonts the text needs, each subset of a font under a name of its own. */
export function ShareImage({ kindLabel, headline, price, fontFamily }: ShareImageText & { fontFamily: string }) {
  const { colors } = theme;
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: colors.brand,
        color: colors.onBrand,
        fontFamily,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 40, fontWeight: 700 }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 72,
            height: 72,
            borderRadius: 16,
            background: colors.onBrand,
            color: colors.brand,
            marginRight: 24,
          }}
        >
          B
        </div>
        Bagberth
      </div>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ fontSize: 32, letterSpacing: 2, color: colors.accent }}>{kindLabel}</div>
        <div style={{ fontSize: 68, fontWeight: 700, lineHeight: 1.15, marginTop: 12 }}>{headline}</div>
      </div>
      <div style={{ display: 'flex', fontSize: 36 }}>{price}</div>
    </div>
  );
}
