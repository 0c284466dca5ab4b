/** What a scroll's frames say: how many the page drew, dropped, and showed with rows missing. */

export const SHOWN_WHOLE = 0;
export const SHOWN_WAITING = 1;
export const SHOWN_UNCOVERED = 2;

export interface ScrollFrames {
  /** requestAnimationFrame times while the page sat still before the scroll: the display's pace. */
  idle: readonly number[];
  /** requestAnimationFrame times during the scroll, one per frame the page drew. */
  frames: readonly number[];
  /**
   * Per frame of `frames`, what the rows on screen showed: SHOWN_WHOLE, SHOWN_WAITING (a row still
   * waiting for its text) or SHOWN_UNCOVERED (no row yet over part of the view).
   */
  shows: readonly number[];
}

export interface FrameFigures {
  /** The display's frame interval, from the idle frames (ms). */
  interval: number;
  drawn: number;
  /** Frames the display showed while the page drew none: an interval of k frames drops k − 1. */
  dropped: number;
  /** Frames drawn with a row on screen waiting for its text. */
  waiting: number;
  /** Frames drawn with part of the view left without rows. */
  uncovered: number;
  /** The longest gap between two drawn frames (ms). */
  longestGap: number;
}

/**
 * The figures of one scroll. The display's interval is the median of the idle intervals (60 Hz
 * headless: 16.7 ms); a gap between two drawn frames counts the frames it spans, rounded, so a
 * late frame by a few milliseconds drops none.
 *
 * @example frameFigures({ idle: [0, 16.7, 33.4], frames: [50, 66.7, 116.8], shows: [0, 1, 2] })
 *   // { interval: 16.7, drawn: 3, dropped: 2, waiting: 1, uncovered: 1, longestGap: 50.1 }
 */
export function frameFigures({ idle, frames, shows }: ScrollFrames): FrameFigures {
  const idleGaps = gaps(idle).sort((a, b) => a - b);
  if (idleGaps.length === 0) throw new Error('no idle frames to tell the display interval from');
  const interval = idleGaps[Math.floor(idleGaps.length / 2)] ?? Number.NaN;
  let dropped = 0;
  let longestGap = 0;
  for (const gap of gaps(frames)) {
    dropped += Math.max(0, Math.round(gap / interval) - 1);
    longestGap = Math.max(longestGap, gap);
  }
  return {
    interval,
    drawn: frames.length,
    dropped,
    waiting: shows.filter((shown) => shown === SHOWN_WAITING).length,
    uncovered: shows.filter((shown) => shown === SHOWN_UNCOVERED).length,
    longestGap: Math.round(longestGap * 10) / 10,
  };
}

function gaps(times: readonly number[]): number[] {
  return times.slice(1).map((time, i) => time - (times[i] ?? time));
}
