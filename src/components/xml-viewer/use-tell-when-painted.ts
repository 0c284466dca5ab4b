import { useEffect } from 'react';
import { afterNextPaint } from '../../tasks/next-turn.ts';

/**
 * Calls `tell` once `shown` content has been painted, if it is still shown then. Content that
 * goes before its paint (a view switched away from, as the Table chosen while Pretty's first
 * lines are drawn) is not told: the content that replaces it is, once it is painted itself.
 *
 * @example useTellWhenPainted(rows !== undefined, onShown);
 */
export function useTellWhenPainted(shown: boolean, tell: (() => void) | undefined): void {
  useEffect(() => {
    if (!shown || !tell) return;
    let stillShown = true;
    afterNextPaint(() => {
      if (stillShown) tell();
    });
    return () => {
      stillShown = false;
    };
  }, [shown, tell]);
}
