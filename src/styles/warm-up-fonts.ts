/**
 * Lays out a line of text in each font the result page draws (its sans and monospace stacks at
 * the sizes, weights and styles its views use), one per idle moment after the page has loaded.
 *
 * Where the system matches fonts (fontconfig on Linux), Chromium asks its browser process about
 * each family of a stack the first time a font (family, size, weight, style) is used: a round
 * trip each, 20 ms and more while the browser is busy receiving an answer. Unpaid, they land in
 * the first layout of a result (170–290 ms measured in the viewer's first Table screen at
 * 100,000 rows); paid here, they fall in time the page had free.
 */

import { canvasFont, canvasTextWidth, documentCanvas } from './canvas-font.ts';
import { workAheadEnded } from '../tasks/work-ahead.ts';

export interface WarmUpFont {
  mono: boolean;
  size: string;
  weight: 400 | 600 | 700;
  italic?: boolean;
}

/** The fonts of the result page's views (computed styles of every text, each view shown). */
export const WARM_UP_FONTS: readonly WarmUpFont[] = [
  // First those of the first screens: Pretty's lines, the Table's cells, the headings.
  { mono: true, size: '13px', weight: 400 },
  { mono: false, size: '13px', weight: 400 },
  { mono: false, size: '1rem', weight: 600 },
  { mono: false, size: '1rem', weight: 700 },
  { mono: true, size: '1rem', weight: 700 },
  { mono: false, size: '1.15rem', weight: 700 },
  { mono: false, size: '0.85rem', weight: 400 },
  { mono: false, size: '0.9rem', weight: 400 },
  { mono: false, size: '0.9rem', weight: 600 },
  { mono: false, size: '1rem', weight: 400 },
  { mono: true, size: '1rem', weight: 400 },
  { mono: true, size: '0.85rem', weight: 400 },
  { mono: true, size: '0.82rem', weight: 400 },
  { mono: false, size: '0.8rem', weight: 600 },
  { mono: false, size: '0.85rem', weight: 400, italic: true },
  { mono: false, size: '0.88rem', weight: 400 },
  { mono: false, size: '1.1rem', weight: 700 },
  { mono: false, size: '1.5rem', weight: 700 },
];

/** Letters, digits and every symbol outside ASCII that the console's own text uses. */
export const WARM_UP_TEXT = 'Aa0 …·•“”’—–↪é×⚠✕✓▾▸✎⚡▼▲■⏱⇩→';

/** Runs a task at an idle moment, telling it how many milliseconds that moment has left. */
type Idle = (task: (timeLeft: () => number) => void) => void;

/**
 * An idle period this long means no frame is due: the page is not receiving or rendering, and
 * neither, most likely, is the browser that answers the font questions.
 */
const QUIET_IDLE_MS = 45;
/** What a quiet moment must still have left for one more font (each takes about 5 ms). */
const FONT_IDLE_MS = 15;
/** A font laid out this fast means the browser answers quickly: another may follow at once. */
const FAST_FONT_MS = 8;

const whenIdle: Idle = (task) => {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback((deadline) => task(() => deadline.timeRemaining()));
  else setTimeout(() => task(() => QUIET_IDLE_MS), 200);
};

/** @example warmUpFonts(document) // once, from the entry module */
export function warmUpFonts(
  doc: Document,
  idle: Idle = whenIdle,
  now: () => number = () => performance.now(),
  ended: () => boolean = workAheadEnded,
): void {
  const fonts = [...WARM_UP_FONTS];
  /** Lays out one font's line, and measures it on a canvas: false once every font is done. */
  const warmUpOne = (): boolean => {
    const font = fonts.shift();
    if (font === undefined) return false;
    const line = doc.createElement('span');
    line.className = 'font-warm-up';
    line.setAttribute('aria-hidden', 'true');
    // Through the CSSOM, which the page's CSP allows (a style attribute it would refuse).
    if (font.mono) line.style.fontFamily = 'var(--mono)';
    line.style.fontSize = font.size;
    line.style.fontWeight = String(font.weight);
    if (font.italic) line.style.fontStyle = 'italic';
    line.textContent = WARM_UP_TEXT;
    doc.body.append(line);
    // Reading its width lays the line out now, which matches and shapes its font.
    void line.offsetWidth;
    // The Table measures its columns' text on a canvas, in the font its cells compute to.
    const style = getComputedStyle(line);
    const canvas = documentCanvas(doc);
    if (canvas) canvasTextWidth(canvas, canvasFont(style))(WARM_UP_TEXT);
    line.remove();
    return fonts.length > 0;
  };
  const next = (timeLeft: () => number) => {
    if (ended()) return;
    // While a call is received or rendered, a font question may wait on the busy browser:
    // the warm-up waits for a quiet moment instead of making a long task of its own, and
    // then does as many fonts as that moment holds (the page's start has few such moments).
    if (timeLeft() < QUIET_IDLE_MS) {
      idle(next);
      return;
    }
    // Another font only while they come quickly: when the browser is slow to answer (a font
    // takes more than FAST_FONT_MS), one font is the moment's share.
    let started = now();
    let more = warmUpOne();
    while (more && !ended() && now() - started <= FAST_FONT_MS && timeLeft() >= FONT_IDLE_MS) {
      started = now();
      more = warmUpOne();
    }
    if (more && !ended()) idle(next);
  };
  idle(next);
}
