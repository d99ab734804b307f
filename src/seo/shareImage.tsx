import { theme } from '@/theme/theme';

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The per-place share image (Open Graph and Twitter): brand colours, the place and its kind. */
export function ShareImage({ placeName, kindLabel, price }: { placeName: string; kindLabel: string; price: string }) {
  const { colors } = theme;
  return (
    <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: colors.brand, color: colors.onBrand }}>
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 40, fontWeight: 700 }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: 72, height: 72, borderRadius: 16, background: colors.onBrand, color: colors.brand, marginRight: 24 }}>B</div>
        Bagberth
      </div>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ fontSize: 32, textTransform: 'uppercase', letterSpacing: 4, color: colors.accent }}>{kindLabel}</div>
        <div style={{ fontSize: 76, fontWeight: 700, lineHeight: 1.1, marginTop: 12 }}>{`Luggage storage near ${placeName}`}</div>
      </div>
      <div style={{ display: 'flex', fontSize: 36 }}>{`From ${price} per bag per day`}</div>
    </div>
  );
}
