// The gallery's one page, gallery/index.html (docs/gallery.md): a card per page, grouped by place,
// filterable by country, language and kind, badges linking to their evidence, and for a diff the
// before, after and difference side by side. Plain HTML, CSS and a few lines of script, with every
// image a relative link: it reads offline in any browser, from a folder or a CI artifact.
import { CHECK_LABELS, type CheckId, type CheckResult } from './checks.mts';
import type { GalleryPage } from './pages.mts';

type DiffState = 'changed' | 'new' | 'unchanged';

export interface Card {
  page: GalleryPage;
  checks: CheckResult[];
  /** Files relative to gallery/: the shots, the share image when there is one, the saved page. */
  files: { phone: string; desktop: string; share: string | null; saved: string };
  diff?: {
    state: DiffState;
    before?: { phone: string; desktop: string };
    diffImages?: { phone?: string; desktop?: string };
    changedPixels?: number;
  };
}

export interface GalleryReport {
  cards: Card[];
  /** Pages a diff base had that this gallery does not. */
  removed: GalleryPage[];
  /** When the gallery was made: an ISO time, shown in words. */
  madeAt: string;
  scope: string;
  against?: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function badge(card: Card, result: CheckResult): string {
  const state = result.ok ? 'ok' : 'fail';
  return `<a class="badge ${state}" href="#${escape(card.page.id)}-${result.id}" title="${escape(result.detail)}">${result.ok ? '✓' : '✗'} ${escape(CHECK_LABELS[result.id])}</a>`;
}

function evidence(card: Card): string {
  const failed = card.checks.filter((result) => !result.ok);
  if (failed.length === 0) return '';
  return `<dl class="evidence">${failed.map((result) => `<dt id="${escape(card.page.id)}-${result.id}">${escape(CHECK_LABELS[result.id])}</dt><dd>${escape(result.detail)}</dd>`).join('')}</dl>`;
}

function images(card: Card): string {
  const shot = (src: string, alt: string, width: number) =>
    `<a href="${escape(src)}"><img src="${escape(src)}" alt="${escape(alt)}" width="${width}" loading="lazy"></a>`;
  const now = `<figure class="phone"><figcaption>390 px (whole page: open it)</figcaption>${shot(card.files.phone, `${card.page.id} at 390 px`, 390)}</figure><figure><figcaption>1280 px</figcaption>${shot(card.files.desktop, `${card.page.id} at 1280 px`, 640)}</figure>${
    card.files.share
      ? `<figure><figcaption>share image</figcaption>${shot(card.files.share, `${card.page.id} share image`, 300)}</figure>`
      : ''
  }`;
  const diff = card.diff;
  if (!diff || diff.state === 'unchanged' || !diff.before) return `<div class="shots">${now}</div>`;
  const row = (label: string, before: string, after: string, difference: string | undefined, width: number) =>
    `<div class="compare"><span>${label}</span>${shot(before, `before, ${label}`, width)}${shot(after, `after, ${label}`, width)}${difference ? shot(difference, `difference, ${label}`, width) : ''}</div>`;
  return `<div class="shots">${now}</div><div class="diff"><p>Before · after · difference</p>${row('390 px', diff.before.phone, card.files.phone, diff.diffImages?.phone, 390)}${row('1280 px', diff.before.desktop, card.files.desktop, diff.diffImages?.desktop, 640)}</div>`;
}

function cardHtml(card: Card): string {
  const { page } = card;
  const failed = card.checks.filter((result) => !result.ok).map((result) => result.id);
  const state = card.diff?.state;
  return `<article class="card${failed.length ? ' failing' : ''}" id="${escape(page.id)}" data-country="${escape(page.country)}" data-language="${page.locale}" data-kind="${page.kind}" data-failed="${failed.join(' ')}" data-diff="${state ?? ''}">
<header><h3><a href="${escape(card.files.saved)}" title="The page as it was shot, saved (MHTML: opens in Chrome or Edge)">${escape(page.host)}</a> · ${page.locale}</h3><p>${escape(page.kind)} · ${escape(page.country)}${page.hosts.length > 1 ? ` · also ${page.hosts.slice(1).map(escape).join(', ')}` : ''}${state && state !== 'unchanged' ? ` · <strong class="diff-${state}">${state}${card.diff?.changedPixels ? ` (${card.diff.changedPixels} px)` : ''}</strong>` : ''}</p></header>
<div class="badges">${card.checks.map((result) => badge(card, result)).join('')}</div>
${images(card)}${evidence(card)}</article>`;
}

/** "3 December 2026 at 09:14 UTC": the gallery is read wherever its readers are, so in UTC, named. */
const madeAtInWords = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(new Date(iso))} UTC`;

const options = (values: Iterable<string>) =>
  [...new Set(values)]
    .sort()
    .map((value) => `<option>${escape(value)}</option>`)
    .join('');

export function galleryHtml(report: GalleryReport): string {
  const { cards } = report;
  const counts = (Object.keys(CHECK_LABELS) as CheckId[]).map(
    (id) => [id, cards.filter((card) => card.checks.some((result) => result.id === id && !result.ok)).length] as const,
  );
  const failing = cards.filter((card) => card.checks.some((result) => !result.ok)).length;
  const byPlace = new Map<string, Card[]>();
  for (const card of cards) byPlace.set(card.page.place, [...(byPlace.get(card.page.place) ?? []), card]);
  const diffCounts = cards.some((card) => card.diff)
    ? `<p class="diff-summary">${report.against ? `Against ${escape(report.against)}` : 'Against the base'}: ${(['changed', 'new', 'unchanged'] as const).map((state) => `${cards.filter((card) => card.diff?.state === state).length} ${state}`).join(', ')}, ${report.removed.length} removed.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tenant gallery: ${cards.length} pages</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; color: #202124; background: #f8f9fa; }
header.top { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #dadce0; padding: 12px 20px; z-index: 1; }
h1 { font-size: 20px; margin: 0 0 6px; } h2 { font-size: 18px; margin: 24px 20px 8px; } h3 { font-size: 15px; margin: 0; }
.summary { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 6px 0; padding: 0; list-style: none; }
.summary .fail { color: #b3261e; font-weight: 600; } .filters { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
main { padding: 0 20px 40px; } .place { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 1080px), 1fr)); gap: 12px; }
.card { background: #fff; border: 1px solid #dadce0; border-radius: 8px; padding: 12px; } .card.failing { border-color: #b3261e; }
.card p { margin: 2px 0 8px; color: #5f6368; } .badges { display: flex; flex-wrap: wrap; gap: 4px; }
.badge { font-size: 12px; padding: 2px 6px; border-radius: 10px; text-decoration: none; } .badge.ok { background: #e6f4ea; color: #137333; } .badge.fail { background: #fce8e6; color: #b3261e; font-weight: 600; }
.shots, .compare { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin-top: 8px; } figure { margin: 0; } figcaption, .compare span { font-size: 12px; color: #5f6368; }
img { border: 1px solid #dadce0; display: block; height: auto; }
.phone img { max-height: 844px; object-fit: cover; object-position: top; } .diff { border-top: 1px dashed #dadce0; margin-top: 8px; }
.evidence dt { font-weight: 600; margin-top: 6px; } .evidence dd { margin: 0; word-break: break-word; }
.diff-changed { color: #b06000; } .diff-new { color: #1967d2; } .hidden { display: none; }
</style>
</head>
<body>
<header class="top">
<h1>Tenant gallery: ${cards.length} pages, ${failing} with a failed check</h1>
<p>${escape(report.scope)} · made <time datetime="${escape(report.madeAt)}">${escape(madeAtInWords(report.madeAt))}</time></p>
${diffCounts}
<ul class="summary">${counts.map(([id, count]) => `<li class="${count ? 'fail' : ''}">${escape(CHECK_LABELS[id])}: ${count} failing</li>`).join('')}</ul>
<form class="filters" aria-label="Filter the cards">
<label>Country <select name="country"><option value="">all</option>${options(cards.map((card) => card.page.country))}</select></label>
<label>Language <select name="language"><option value="">all</option>${options(cards.map((card) => card.page.locale))}</select></label>
<label>Kind <select name="kind"><option value="">all</option>${options(cards.map((card) => card.page.kind))}</select></label>
<label><input type="checkbox" name="failing"> failing only</label>
${cards.some((card) => card.diff) ? '<label><input type="checkbox" name="changed"> changed or new only</label>' : ''}
</form>
</header>
<main>
${[...byPlace]
  .map(
    ([place, list]) =>
      `<section class="group"><h2>${escape(place)}</h2><div class="place">${list.map(cardHtml).join('\n')}</div></section>`,
  )
  .join('\n')}
${report.removed.length ? `<section><h2>Removed since ${escape(report.against ?? 'the base')}</h2><ul>${report.removed.map((page) => `<li>${escape(page.id)}</li>`).join('')}</ul></section>` : ''}
</main>
<script>
const form = document.querySelector('.filters');
form.addEventListener('change', () => {
  const f = new FormData(form);
  for (const card of document.querySelectorAll('.card')) {
    const d = card.dataset;
    const shown = (!f.get('country') || d.country === f.get('country')) && (!f.get('language') || d.language === f.get('language')) && (!f.get('kind') || d.kind === f.get('kind'))
      && (!f.get('failing') || d.failed !== '') && (!f.get('changed') || d.diff === 'changed' || d.diff === 'new');
    card.classList.toggle('hidden', !shown);
  }
  for (const group of document.querySelectorAll('.group')) group.classList.toggle('hidden', !group.querySelector('.card:not(.hidden)'));
});
</script>
</body>
</html>
`;
}
