// The gallery's browser work (docs/gallery.md): one Chromium, pages in parallel tabs, each page
// loaded once as a first visitor, shot at 1280 px (first screen) and 390 px (whole page), measured
// at the laptop and phone sizes, its share image fetched. Nothing leaves the machine.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Measurements, ScreenSize } from './checks.mts';
import type { GalleryPage } from './pages.mts';

/** The hero's booking link: the one in the offer the price labels (bench/cta-fold.mts finds it here too). */
export const HERO_CTA = '[aria-labelledby="offer-price"] a';
/** As playwright.config.ts: isbot calls Chromium's own user agent a bot. */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Every page is loaded at this size, in a tab of its own (scripts/gallery/cli.mts). */
const DESKTOP = { width: 1280, height: 800 };

interface Shot {
  /** PNG bytes of the whole page at 390 px, of the first screen at 1280 px, and the share image. */
  phone: Buffer;
  desktop: Buffer;
  share: Buffer | null;
  /** The page as it was shot, saved with its styles and images (MHTML): it opens after the run. */
  saved: string;
}

export interface Captured {
  /** `texts`: each visible text node; `blocks`: the visible text of each block that holds no other, for the language of its sentences. */
  measurements: Omit<Measurements, 'foreignTexts' | 'foreignSentences' | 'neighbours'> & {
    texts: string[];
    blocks: string[];
  };
  shot: Shot;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      '--font-render-hinting=none',
    ],
  });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: DESKTOP, reducedMotion: 'reduce' });
  // Only this machine: a vendor request would make screenshots depend on the network.
  await context.route(/^https?:\/\/(?!([^/]+\.)?localhost[:/])/, (route) => route.abort());
  return context;
}

/** Every image the current width asks for is in (a wider viewport picks other sources from srcset). */
const imagesLoaded = (page: Page) =>
  page
    .waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 10_000 })
    .catch(() => undefined);

/**
 * A shot once two in a row are the same, as Playwright's own screenshot assertions wait: now and
 * then Chromium hands back a frame still holding tiles of an earlier layout. At most four tries.
 */
async function stableShot(page: Page, fullPage: boolean): Promise<Buffer> {
  let last = await page.screenshot({ fullPage, animations: 'disabled' });
  for (let tries = 0; tries < 3; tries += 1) {
    const next = await page.screenshot({ fullPage, animations: 'disabled' });
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The visible text of the page, one entry per text node, trimmed. */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style, noscript, [hidden], [aria-hidden="true"]')) continue;
      if (element.getClientRects().length === 0) continue;
      texts.push(text);
    }
    return texts;
  });

/**
 * The visible text of each block (a paragraph, heading, list item, button…) that holds no other
 * block: a sentence split by inline markup (a bold name, a link) stays one text.
 */
const visibleBlocks = (page: Page) =>
  page.evaluate(() => {
    // No named helper in here: tsx would wrap it in a `__name` call the page does not have.
    const shownBlocks = new Set(
      [...document.body.querySelectorAll('*')].filter(
        (element) =>
          !/^(inline|contents)/.test(getComputedStyle(element).display) && element.getClientRects().length > 0,
      ),
    );
    const blocks: string[] = [];
    for (const element of shownBlocks) {
      if (element.closest('script, style, noscript, svg, [hidden], [aria-hidden="true"]')) continue;
      if ([...element.querySelectorAll('*')].some((inner) => shownBlocks.has(inner))) continue;
      const text = (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
      if (text) blocks.push(text);
    }
    return blocks;
  });

/**
 * The page saved as Chromium's MHTML, with the images it shows fixed to the ones it loaded: a saved
 * copy opened at another width would otherwise ask its srcset for a file the archive lacks. Last
 * of the capture, since it changes the page.
 */
async function savedCopy(page: Page): Promise<string> {
  await page.evaluate(() => {
    for (const image of document.images) {
      if (image.currentSrc) image.src = image.currentSrc;
      image.removeAttribute('srcset');
      image.removeAttribute('sizes');
    }
    for (const source of document.querySelectorAll('picture source')) source.remove();
  });
  await imagesLoaded(page);
  const session = await page.context().newCDPSession(page);
  try {
    return (await session.send('Page.captureSnapshot', { format: 'mhtml' })).data;
  } finally {
    await session.detach();
  }
}

export async function capture(page: Page, origin: string, target: GalleryPage): Promise<Captured> {
  const consoleErrors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  };
  const onError = (error: Error) => consoleErrors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    // Loaded at the widest size first: a browser that grows keeps a smaller image it has already
    // loaded, or not, from one run to the next; one that shrinks keeps the larger. The phone shot
    // shows that image scaled down, which a phone's own smaller image looks like.
    await page.goto(`${origin.replace('://', `://${target.host}.`)}${target.path}`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    await imagesLoaded(page);
    const settled = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await settled();
    const desktop = await stableShot(page, false);
    const cta = page.locator(HERO_CTA).first();
    const ctaBottom = async () =>
      (await cta.count()) > 0
        ? await cta.evaluate((link) => link.getBoundingClientRect().bottom + window.scrollY)
        : null;
    const bottoms: Partial<Record<ScreenSize, number | null>> = { '1280×800': await ctaBottom() };
    await page.setViewportSize({ width: 390, height: 844 });
    await settled();
    bottoms['390×844'] = await ctaBottom();
    const headlineLines = await page
      .locator('h1')
      .first()
      .evaluate((h1) => {
        const lineHeight =
          parseFloat(getComputedStyle(h1).lineHeight) || parseFloat(getComputedStyle(h1).fontSize) * 1.2;
        return Math.round(h1.getBoundingClientRect().height / lineHeight);
      });
    const texts = await visibleTexts(page);
    const blocks = await visibleBlocks(page);
    const shareUrl = await page
      .locator('meta[property="og:image"]')
      .first()
      .getAttribute('content')
      .catch(() => null);
    const phone = await stableShot(page, true);
    const at390 = await overflow(page);
    await page.setViewportSize({ width: 360, height: 640 });
    const at360 = await overflow(page);
    bottoms['360×640'] = await ctaBottom();
    await page.setViewportSize({ width: 320, height: 568 });
    const at320 = await overflow(page);
    bottoms['320×568'] = await ctaBottom();
    // The share image as a crawler fetches it: by the URL in the page, on the page's host (from the
    // page itself: only Chromium resolves *.localhost).
    const fetched = shareUrl
      ? await page.evaluate(async (url) => {
          const answer = await fetch(new URL(url).pathname);
          const bytes = new Uint8Array(await answer.arrayBuffer());
          let binary = '';
          for (let at = 0; at < bytes.length; at += 0x8000)
            binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
          return {
            status: answer.status,
            contentType: answer.headers.get('content-type') ?? '',
            base64: answer.ok ? btoa(binary) : '',
          };
        }, shareUrl)
      : null;
    const saved = await savedCopy(page);
    return {
      measurements: {
        ctaBottom: bottoms as Record<ScreenSize, number | null>,
        overflow: { '320': at320, '360': at360, '390': at390 },
        headlineLines,
        texts,
        blocks,
        shareImage: {
          url: shareUrl,
          expected: `${target.slug}-${target.type}-${target.locale}`,
          status: fetched?.status ?? 0,
          contentType: fetched?.contentType ?? '',
        },
        consoleErrors,
      },
      shot: { phone, desktop, share: fetched?.base64 ? Buffer.from(fetched.base64, 'base64') : null, saved },
    };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
}
