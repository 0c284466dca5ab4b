/**
 * Scrolling scenario: the Pretty view or the Table scrolled as a person scrolls, driven a frame
 * at a time in the page: at a mouse wheel's steady pace (WHEEL_PX_PER_S for SCROLL_MS from the
 * top), then with the scrollbar's thumb dragged from the top to the bottom in SCROLL_MS. For each:
 * the frames the page drew and dropped (frames.ts), the frames whose rows on screen, one frame
 * after a move, did not cover the view or still waited for their text from the worker, how long
 * after the last move they took to be whole, and the longest main-thread task.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BarePage } from '../support/bare-chromium.ts';
import type { Results } from './config.ts';
import {
  frameFigures,
  SHOWN_UNCOVERED,
  SHOWN_WAITING,
  SHOWN_WHOLE,
  type ScrollFrames,
} from './frames.ts';
import { inPage, longestTask, type LongTask } from './page.ts';

export const SCROLL_MS = 2_000;
/** How long after the last move the rows on screen may take to be whole before the bench says so. */
export const SETTLE_LIMIT_MS = 10_000;
/** A wheel turned briskly: twenty notches of 100 px a second, about three screens. */
export const WHEEL_PX_PER_S = 2_000;

export interface ScrolledView {
  /** Its name in the results' keys and the printout. */
  name: 'pretty' | 'table';
  scroller: string;
  row: string;
  /** A row still waiting for its text from the worker matches this (or holds a match of it). */
  waiting: string;
}

export const PRETTY_SCROLL: ScrolledView = {
  name: 'pretty',
  scroller: '.xv-pretty .xv-lines',
  row: '.xv-line',
  waiting: '.xv-line-pending',
};

export const TABLE_SCROLL: ScrolledView = {
  name: 'table',
  scroller: '.xv-table .xv-grid-scroll',
  row: '[role="row"]',
  waiting: '[aria-busy="true"]',
};

type Motion = 'wheel' | 'drag';

/** The in-page scroll: resolves with its frames and the longest task's window. */
function scrollInPage(view: ScrolledView, motion: Motion): string {
  return `new Promise((resolve, reject) => {
    const scroller = document.querySelector(${JSON.stringify(view.scroller)});
    if (!scroller) return reject(new Error(${JSON.stringify(`no ${view.scroller} on the page`)}));
    // What the rows on screen show (frames.ts): whole, one waiting for its text, or the view
    // not covered.
    const shown = () => {
      const box = scroller.getBoundingClientRect();
      const top = box.top + scroller.clientTop;
      const bottom = Math.min(top + scroller.clientHeight, top + scroller.scrollHeight - scroller.scrollTop);
      let covered = Infinity;
      let reached = -Infinity;
      let waits = false;
      for (const row of scroller.querySelectorAll(${JSON.stringify(view.row)})) {
        const r = row.getBoundingClientRect();
        if (r.bottom <= top || r.top >= bottom) continue;
        if (row.matches(${JSON.stringify(view.waiting)}) || row.querySelector(${JSON.stringify(view.waiting)})) waits = true;
        covered = Math.min(covered, r.top);
        reached = Math.max(reached, r.bottom);
      }
      return covered <= top + 1 && reached >= bottom - 1 ? (waits ? ${SHOWN_WAITING} : ${SHOWN_WHOLE}) : ${SHOWN_UNCOVERED};
    };
    scroller.scrollTop = 0;
    const idle = [];
    const frames = [];
    const shows = [];
    let started = 0;
    const move = (time) => {
      // What the last move left on screen, before this one.
      if (started) { frames.push(time); shows.push(shown()); }
      else started = performance.now();
      const elapsed = performance.now() - started;
      if (elapsed >= ${SCROLL_MS}) return settle(performance.now());
      const max = scroller.scrollHeight - scroller.clientHeight;
      scroller.scrollTop = ${motion === 'wheel' ? `Math.min(max, ${WHEEL_PX_PER_S / 1000} * elapsed)` : `max * Math.min(1, elapsed / ${SCROLL_MS})`};
      requestAnimationFrame(move);
    };
    // After the last move: until the rows on screen are whole, a frame at a time.
    const settle = (end) => {
      const check = () => {
        if (shown() === ${SHOWN_WHOLE}) resolve({ idle, frames, shows, start: started, end, settled: performance.now() - end });
        else if (performance.now() - end > ${SETTLE_LIMIT_MS}) resolve({ idle, frames, shows, start: started, end, settled: Infinity });
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    // Half a second still, the last 30 frames of it telling the display's pace.
    const still = (time) => {
      idle.push(time);
      if (idle.length < 31) requestAnimationFrame(still);
      else requestAnimationFrame(move);
    };
    setTimeout(() => requestAnimationFrame(still), 500);
  })`;
}

/** Scrolls `view` both ways on `page`, the figures into `results` as `<view><Motion>…`. */
export async function measureScrolls(
  page: BarePage,
  view: ScrolledView,
  results: Results,
): Promise<void> {
  for (const motion of ['wheel', 'drag'] as const) {
    const scrolled = await inPage<ScrollFrames & { start: number; end: number; settled: number }>(
      page,
      scrollInPage(view, motion),
    );
    // Long tasks are reported after they end.
    await sleep(200);
    const tasks = await inPage<LongTask[]>(page, 'window.__bench.longTasks');
    const figures = frameFigures(scrolled);
    const key = `${view.name}${motion === 'wheel' ? 'Wheel' : 'Drag'}`;
    results[`${key}Drawn`] = figures.drawn;
    results[`${key}Dropped`] = figures.dropped;
    results[`${key}Waiting`] = figures.waiting;
    results[`${key}Uncovered`] = figures.uncovered;
    results[`${key}LongestGap`] = figures.longestGap;
    results[`${key}LongestTask`] = longestTask(tasks, scrolled.start, scrolled.end);
    results[`${key}Settled`] = scrolled.settled;
  }
}
