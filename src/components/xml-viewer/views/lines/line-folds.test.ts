import { describe, expect, it } from 'vitest';
import { LineFolds } from './line-folds.ts';

/**
 * 0 <Root>
 * 1   <A>
 * 2     <B>
 * 3       x
 * 4     </B>
 * 5   </A>
 * 6   <C>
 * 7     y
 * 8   </C>
 * 9 </Root>
 */
const foldEnd = Int32Array.from([9, 5, 4, -1, -1, -1, 8, -1, -1, -1]);
const lines = 10;

/** Every row's line, the slow way, to check the mapping against. */
function shownLines(folds: LineFolds): number[] {
  const hidden = new Set<number>();
  for (let line = 0; line < lines; line++) {
    if (hidden.has(line) || folds.foldedEndAt(line) === null) continue;
    for (let h = line + 1; h <= folds.endOf(line); h++) hidden.add(h);
  }
  return Array.from({ length: lines }, (_, line) => line).filter((line) => !hidden.has(line));
}

describe('LineFolds', () => {
  it('maps rows to lines one to one with nothing folded', () => {
    const folds = new LineFolds(lines, foldEnd);
    expect(folds.rowCount).toBe(10);
    expect(folds.lineOfRow(7)).toBe(7);
    expect(folds.rowOfLine(7)).toBe(7);
    expect(folds.canFold(1)).toBe(true);
    expect(folds.canFold(3)).toBe(false);
    expect(folds.toggle(3)).toBe(folds);
  });

  it('hides a folded element up to its closing tag, and maps around it', () => {
    const folds = new LineFolds(lines, foldEnd).toggle(1);
    expect(folds.rowCount).toBe(6);
    expect(shownLines(folds)).toEqual([0, 1, 6, 7, 8, 9]);
    expect([0, 1, 2, 3, 4, 5].map((row) => folds.lineOfRow(row))).toEqual([0, 1, 6, 7, 8, 9]);
    expect(folds.rowOfLine(3)).toBe(1); // hidden: the folded element's row
    expect(folds.rowOfLine(6)).toBe(2);
    expect(folds.foldedEndAt(1)).toBe(5);
    expect(folds.foldedEndAt(6)).toBeNull();
  });

  it('keeps an inner fold under an outer one, and brings it back when the outer opens', () => {
    const inner = new LineFolds(lines, foldEnd).toggle(2);
    expect(inner.rowCount).toBe(8);
    const both = inner.toggle(1).toggle(6);
    expect(shownLines(both)).toEqual([0, 1, 6, 9]);
    for (let row = 0; row < both.rowCount; row++)
      expect(both.rowOfLine(both.lineOfRow(row))).toBe(row);
    const outerOpen = both.toggle(1);
    expect(outerOpen.isFolded(2)).toBe(true);
    expect(outerOpen.rowCount).toBe(6); // <B> still folded (2 lines), <C> folded (2 lines)
  });

  it('reveals a hidden line by undoing every fold over it', () => {
    const folds = new LineFolds(lines, foldEnd).toggle(2).toggle(1).toggle(0);
    expect(folds.rowCount).toBe(1);
    const revealed = folds.reveal(3);
    expect(revealed.rowOfLine(3)).toBe(3);
    expect(revealed.reveal(3)).toBe(revealed);
  });

  it('ignores a fold index that points outside the document', () => {
    const folds = new LineFolds(3, Int32Array.from([7, -1, -1]));
    expect(folds.canFold(0)).toBe(false);
    expect(folds.toggle(0).rowCount).toBe(3);
  });

  it('folds all the children of the root at once, and unfolds all', () => {
    const all = new LineFolds(lines, foldEnd).foldAll();
    expect(shownLines(all)).toEqual([0, 1, 6, 9]);
    expect(all.unfoldAll().rowCount).toBe(lines);
    // Without a root spanning everything (two top-level elements), each folds.
    const fragment = new LineFolds(6, Int32Array.from([2, -1, -1, 5, -1, -1])).foldAll();
    expect(shownLines(fragment).slice(0, 2)).toEqual([0, 3]);
    expect(fragment.rowCount).toBe(2);
  });
});
