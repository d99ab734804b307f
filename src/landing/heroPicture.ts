/** The hero picture's width beside the price on phones: the Hero's grid column and the image's `sizes`. */
export const PHONE_PICTURE_WIDTH = 112;

/** How wide the hero picture is drawn at each breakpoint (theme.ts: tablet 768, desktop 1024). */
export const HERO_PICTURE_SIZES = `(min-width: 1024px) 420px, (min-width: 768px) 680px, ${PHONE_PICTURE_WIDTH}px`;

/** The attributes of the hero `<img>`, resolved on the server (landing/server.ts). */
export interface HeroImage {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
}
