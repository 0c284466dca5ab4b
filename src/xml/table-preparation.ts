/**
 * What a record table's queries need, prepared ahead between requests: every column's sort ranks
 * (as soon as the table exists: a few hundred kilobytes per 100,000 rows) and the rows' search
 * text (once a view wants it: about the size of the cells again). The viewer's worker gives it
 * a few milliseconds per task, so that a first sort or filter finds its work done; a query that
 * comes first finishes its own column's ranks at once. A column about to be sorted (its header
 * pointed at or focused: rankFirst) is ranked before the others.
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import type { Cells } from './cell-column.ts';
import { rowRanksInSteps } from './row-ranks.ts';
import { RowHaystacks } from './table-query.ts';

/** Rows of search text per step: about as long as a step of ranks. */
const HAYSTACK_STEP_ROWS = 2_000;

export class TablePreparation {
  /** Each column's ranks, once computed (queryRows reads them). */
  readonly ranks = new Map<number, Int32Array>();
  /** The rows' search text, built a slice per step. */
  readonly haystacks: RowHaystacks;
  /**
   * The column whose ranks are being computed, its steps, and whether it was asked for first
   * (rankFirst: ranked without turns of search text).
   */
  private ranking: {
    column: number;
    steps: Generator<void, Int32Array, void>;
    first: boolean;
  } | null = null;
  /** Columns half ranked, set aside for a column asked for first (rankFirst), with their steps. */
  private readonly setAside = new Map<number, Generator<void, Int32Array, void>>();
  /** The columns in the order they are ranked: the cheapest first (see byRankingCost). */
  private readonly rankOrder: number[];
  /** How many of rankOrder have been started. */
  private nextColumn = 0;
  /** Alternates steps between ranks and search text, so that neither waits for the other. */
  private textTurn = false;
  /** Whether the search text is prepared too (see wantText). */
  private textWanted = false;

  constructor(
    private readonly values: readonly Cells[],
    rows: number,
  ) {
    this.haystacks = new RowHaystacks(values, rows);
    this.rankOrder = byRankingCost(values);
  }

  /** True once every column is ranked and, if wanted, every row's search text is built. */
  get complete(): boolean {
    return this.ranksComplete && (!this.textWanted || this.haystacks.complete);
  }

  /** Prepares the rows' search text as well from now on: a view that filters is open. */
  wantText(): void {
    this.textWanted = true;
  }

  private get ranksComplete(): boolean {
    return (
      this.ranking === null && this.setAside.size === 0 && this.nextColumn >= this.rankOrder.length
    );
  }

  /** A column's ranks, finishing (or computing) them now if the steps have not yet. */
  ranksOf(column: number): Int32Array {
    const known = this.ranks.get(column);
    if (known) return known;
    const ranks = stepsToEnd(this.takeSteps(column));
    this.ranks.set(column, ranks);
    return ranks;
  }

  /**
   * Ranks `column` before anything else from the next step on: a sort of it is likely soon. The
   * column under way is set aside with its steps so far, and resumed after.
   */
  rankFirst(column: number): void {
    if (this.ranks.has(column) || column < 0 || column >= this.values.length) return;
    if (this.ranking?.column === column) {
      this.ranking.first = true;
      return;
    }
    const steps = this.takeSteps(column);
    if (this.ranking) this.setAside.set(this.ranking.column, this.ranking.steps);
    this.ranking = { column, steps, first: true };
  }

  /** The steps of a column's ranks so far (under way, or set aside), or new ones; taken over. */
  private takeSteps(column: number): Generator<void, Int32Array, void> {
    if (this.ranking?.column === column) {
      const { steps } = this.ranking;
      this.ranking = null;
      return steps;
    }
    const setAside = this.setAside.get(column);
    this.setAside.delete(column);
    return setAside ?? rowRanksInSteps(this.values[column] ?? []);
  }

  /**
   * Works for about `budgetMs` (at least one step), each step a few milliseconds: true once
   * everything is prepared.
   */
  prepare(budgetMs: number, now: () => number = () => performance.now()): boolean {
    const started = now();
    do {
      if (this.complete) return true;
      const text =
        this.textWanted &&
        !this.haystacks.complete &&
        (this.ranksComplete || (this.textTurn && !this.ranking?.first));
      this.textTurn = !this.textTurn;
      if (text) this.haystacks.build(HAYSTACK_STEP_ROWS);
      else this.rankStep();
    } while (now() - started < budgetMs);
    return this.complete;
  }

  /** One step of the current column's ranks, starting the next column not yet ranked. */
  private rankStep(): void {
    if (!this.ranking) {
      const [resumed] = this.setAside.keys();
      if (resumed !== undefined)
        this.ranking = { column: resumed, steps: this.takeSteps(resumed), first: false };
    }
    while (!this.ranking && this.nextColumn < this.rankOrder.length) {
      const column = this.rankOrder[this.nextColumn++] ?? 0;
      if (!this.ranks.has(column))
        this.ranking = { column, steps: rowRanksInSteps(this.values[column] ?? []), first: false };
    }
    const ranking = this.ranking;
    if (!ranking) return;
    const step = ranking.steps.next();
    if (step.done) {
      this.ranks.set(ranking.column, step.value);
      this.ranking = null;
    }
  }
}

/** Values read per column to guess its cost. */
const COST_SAMPLE = 256;

/**
 * The columns' indexes, those whose values are shortest on average first (a sample of each):
 * ranking costs about the characters it reads, so the columns that are cheap to rank (types,
 * sizes, titles) are ready within milliseconds of the table, and the long ones (IDs, URLs)
 * follow. Equal guesses keep the columns' order.
 *
 * @example byRankingCost([['https://a/1', 'https://a/2'], ['x', 'y']]) // [1, 0]
 */
export function byRankingCost(values: readonly Cells[]): number[] {
  const cost = values.map((column) => {
    const stride = Math.max(1, Math.floor(column.length / COST_SAMPLE));
    let chars = 0;
    for (let row = 0; row < column.length; row += stride) chars += (column.at(row) ?? '').length;
    return chars;
  });
  return values.map((_, column) => column).sort((a, b) => (cost[a] ?? 0) - (cost[b] ?? 0));
}
