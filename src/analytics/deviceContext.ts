import { BREAKPOINTS } from '@/theme/theme';
import { APP_NAME } from './constants';

export type ScreenType = 'Mobile' | 'Tablet' | 'Desktop';

/** Spec §9: below 768 Mobile, 768 to below 1024 Tablet, 1024 and above Desktop. */
export function screenTypeFor(width: number): ScreenType {
  if (width < BREAKPOINTS.tablet) return 'Mobile';
  if (width < BREAKPOINTS.desktop) return 'Tablet';
  return 'Desktop';
}

export interface DeviceContext {
  app_name: typeof APP_NAME;
  screenHeight: number;
  screenWidth: number;
  screenType: ScreenType;
  windowHeight: number;
  windowWidth: number;
}

interface Dimensions {
  screen: { width: number; height: number };
  innerWidth: number;
  innerHeight: number;
}

/** Spec §3 device context; the screen type follows the screen width (spec §9), not the window. */
export function deviceContext({ screen, innerWidth, innerHeight }: Dimensions): DeviceContext {
  return {
    app_name: APP_NAME,
    screenHeight: screen.height,
    screenWidth: screen.width,
    screenType: screenTypeFor(screen.width),
    windowHeight: innerHeight,
    windowWidth: innerWidth,
  };
}
