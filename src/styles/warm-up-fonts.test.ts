// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WARM_UP_FONTS, WARM_UP_TEXT, warmUpFonts } from './warm-up-fonts.ts';

/**
 * An idle scheduler the test drives: each run answers the waiting task with an idle moment whose
 * time left is read from `times` in turn (the last repeats).
 */
function scriptedIdle() {
  let waiting: ((timeLeft: () => number) => void) | null = null;
  return {
    idle: (task: (timeLeft: () => number) => void) => {
      waiting = task;
    },
    run(...times: number[]) {
      const task = waiting;
      waiting = null;
      let read = 0;
      task?.(() => times[Math.min(read++, times.length - 1)] ?? 0);
    },
    get pending() {
      return waiting !== null;
    },
  };
}

/** The lines appended to the body while `act` runs, with their font as set. */
function linesAdded(act: () => void) {
  const added: Array<{ font: string; hidden: string | null; text: string }> = [];
  const append = document.body.append.bind(document.body);
  document.body.append = (...nodes) => {
    for (const node of nodes)
      if (node instanceof HTMLElement)
        added.push({
          font: `${node.style.fontFamily}|${node.style.fontSize}|${node.style.fontWeight}|${node.style.fontStyle}`,
          hidden: node.getAttribute('aria-hidden'),
          text: node.textContent,
        });
    append(...nodes);
  };
  try {
    act();
  } finally {
    document.body.append = append;
  }
  return added;
}

describe('warmUpFonts', () => {
  it('lays out one hidden line per font, as many per quiet moment as it holds, and leaves none behind', () => {
    const scheduler = scriptedIdle();
    let moments = 0;
    const added = linesAdded(() => {
      warmUpFonts(document, scheduler.idle, () => 0);
      expect(document.body.children).toHaveLength(0);
      // 49 ms left: quiet; then 40 and 20 ms after the first and second fonts, 10 after the third.
      scheduler.run(49, 40, 20, 10);
      moments += 1;
      expect(document.body.children).toHaveLength(0);
      while (scheduler.pending) {
        scheduler.run(49, 40, 20, 10);
        moments += 1;
      }
    });
    expect(moments).toBe(Math.ceil(WARM_UP_FONTS.length / 3));
    expect(added).toHaveLength(WARM_UP_FONTS.length);
    expect(new Set(added.map((line) => line.font)).size).toBe(WARM_UP_FONTS.length);
    expect(added[0]).toEqual({ font: 'var(--mono)|13px|400|', hidden: 'true', text: WARM_UP_TEXT });
    expect(added.some((line) => line.font.endsWith('|italic'))).toBe(true);
    expect(document.body.children).toHaveLength(0);
  });

  it('does one font per quiet moment while fonts come slowly (the browser is busy)', () => {
    const scheduler = scriptedIdle();
    let clock = 0;
    // Each reading of the clock moves it 10 ms: every font seems to take 10 ms.
    const now = () => (clock += 10);
    const added = linesAdded(() => {
      warmUpFonts(document, scheduler.idle, now);
      scheduler.run(49, 40, 40, 40);
    });
    expect(added).toHaveLength(1);
    expect(scheduler.pending).toBe(true);
  });

  it('waits for a quiet moment: nothing is laid out while the page is busy', () => {
    const scheduler = scriptedIdle();
    const added = linesAdded(() => {
      warmUpFonts(document, scheduler.idle);
      for (let i = 0; i < 5; i++) scheduler.run(30, 30);
    });
    expect(added).toHaveLength(0);
    expect(scheduler.pending).toBe(true);
    const later = linesAdded(() => scheduler.run(49, 10));
    expect(later).toHaveLength(1);
  });

  it('stops for good once the page opens a call: no font laid out, no moment waited for', () => {
    const scheduler = scriptedIdle();
    let ended = false;
    const added = linesAdded(() => {
      warmUpFonts(
        document,
        scheduler.idle,
        () => 0,
        () => ended,
      );
      scheduler.run(49, 40, 20, 10);
      expect(scheduler.pending).toBe(true);
      ended = true;
      scheduler.run(49, 40, 20, 10);
    });
    // The first quiet moment's three fonts, then nothing.
    expect(added).toHaveLength(3);
    expect(scheduler.pending).toBe(false);
  });

  it('lays out no further font in the quiet moment during which the call opens', () => {
    const scheduler = scriptedIdle();
    let clockReads = 0;
    const now = () => {
      clockReads += 1;
      return 0;
    };
    const added = linesAdded(() => {
      // The clock is first read just before the first font: the call opens while it is laid out.
      warmUpFonts(document, scheduler.idle, now, () => clockReads > 0);
      scheduler.run(49, 40, 40, 40);
    });
    expect(added).toHaveLength(1);
    expect(scheduler.pending).toBe(false);
  });
});

/** Every character outside ASCII in the console's components and stylesheets, comments aside. */
function symbolsDrawn(folder: string, found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) symbolsDrawn(path, found);
    else if (/\.(tsx|css)$/.test(entry.name) && !entry.name.includes('.test.')) {
      const code = readFileSync(path, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)\/\/.*$/gm, '');
      for (const character of code) if (character.charCodeAt(0) > 0x7e) found.add(character);
    }
  }
  return found;
}

describe('WARM_UP_TEXT', () => {
  it('holds every symbol the console draws, so that none is first looked up in a result', () => {
    const missing = [...symbolsDrawn(join(__dirname, '..'))].filter(
      (symbol) => !WARM_UP_TEXT.includes(symbol),
    );
    expect(missing).toEqual([]);
  });
});
