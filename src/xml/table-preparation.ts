/**
 * What a record table's queries need, prepared ahead between requests: every column's sort ranks
 * (as soon as the table exists: a few hundred kilobytes per 100,000 rows) and the rows' search
 * text (once a view wants it: about the size of the cells again). The viewer's worker gives it
 * a few milliseconds per task, so that a first sort or filter finds its work done; a query that
 * comes first finishes its own column's ranks at once.
 */
import { stepsToEnd } from '../tasks/steps-to-end.ts';
import { rowRanksInSteps } from './row-ranks.ts';
import { RowHaystacks } from './table-query.ts';

/** Rows of search text per step: about as long as a step of ranks. */
const HAYSTACK_STEP_ROWS = 2_000;

export class TablePreparation {
  /** Each column's ranks, once computed (queryRows reads them). */
  readonly ranks = new Map<number, Int32Array>();
  /** The rows' search text, built a slice per step. */
  readonly haystacks: RowHaystacks;
  /** The column whose ranks are being computed, and its steps. */
  private ranking: { column: number; steps: Generator<void, Int32Array, void> } | null = null;
  /** The columns in the order they are ranked: the cheapest first (see byRankingCost). */
  private readonly rankOrder: number[];
  /** How many of rankOrder have been started. */
  private nextColumn = 0;
  /** Alternates steps between ranks and search text, so that neither waits for the other. */
  private textTurn = false;
  /** Whether the search text is prepared too (see wantText). */
  private textWanted = false;

  constructor(
    private readonly values: readonly (readonly string[])[],
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
    return this.ranking === null && this.nextColumn >= this.rankOrder.length;
  }

  /** A column's ranks, finishing (or computing) them now if the steps have not yet. */
  ranksOf(column: number): Int32Array {
    const known = this.ranks.get(column);
    if (known) return known;
    const started = this.ranking?.column === column ? this.ranking.steps : null;
    if (started) this.ranking = null;
    const ranks = stepsToEnd(started ?? rowRanksInSteps(this.values[column] ?? []));
    this.ranks.set(column, ranks);
    return ranks;
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
        this.textWanted && !this.haystacks.complete && (this.ranksComplete || this.textTurn);
      this.textTurn = !this.textTurn;
      if (text) this.haystacks.build(HAYSTACK_STEP_ROWS);
      else this.rankStep();
    } while (now() - started < budgetMs);
    return this.complete;
  }

  /** One step of the current column's ranks, starting the next column not yet ranked. */
  private rankStep(): void {
    while (!this.ranking && this.nextColumn < this.rankOrder.length) {
      const column = this.rankOrder[this.nextColumn++] ?? 0;
      if (!this.ranks.has(column))
        this.ranking = { column, steps: rowRanksInSteps(this.values[column] ?? []) };
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
export function byRankingCost(values: readonly (readonly string[])[]): number[] {
  const cost = values.map((column) => {
    const stride = Math.max(1, Math.floor(column.length / COST_SAMPLE));
    let chars = 0;
    for (let row = 0; row < column.length; row += stride) chars += (column[row] ?? '').length;
    return chars;
  });
  return values.map((_, column) => column).sort((a, b) => (cost[a] ?? 0) - (cost[b] ?? 0));
}
