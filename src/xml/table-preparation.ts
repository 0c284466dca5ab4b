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
  /** The next column to rank when the current one is done. */
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
    return this.ranking === null && this.nextColumn >= this.values.length;
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
    while (!this.ranking && this.nextColumn < this.values.length) {
      const column = this.nextColumn++;
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
