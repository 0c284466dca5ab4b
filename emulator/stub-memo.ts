// A stub is a pure function of its stored row (stub-builder.ts): its title, source, size and
// checksum derive from the row's fields. Deriving and writing them again on every call was most
// of the emulator's CPU for a large answer, on a machine that also runs the console and its
// browser (docs/performance.md, "The stubs' markup kept between calls"), so each row's stub and
// markup are kept. The store is still read on every call: a new, changed or deleted row is seen
// at once.
import { DEFAULT_STUB_MEMO_MIB } from './options.ts';
import type { StoredIndex } from './store.ts';
import { deriveStub, renderStub, type DerivedStub } from './stub-builder.ts';

/** What a kept entry costs beyond its markup: the Map's slot, the entry and the derived stub. */
const ENTRY_OVERHEAD_CHARS = 256;

interface Entry {
  readonly stub: DerivedStub;
  /** In the memo: its markup may be kept too. */
  readonly kept: boolean;
  /** The one-line markup (SOAP), once written. */
  compact: string | undefined;
  /** The indented markup (HTTP GET/POST) and the indentation it was written for. */
  indented: string | undefined;
  indent: string | undefined;
}

function sameRow(a: StoredIndex, b: StoredIndex): boolean {
  return (
    a.recordId === b.recordId &&
    a.serviceUri === b.serviceUri &&
    a.mediaType === b.mediaType &&
    a.createdAt === b.createdAt
  );
}

/**
 * Gives V8 one flat string to keep instead of the tree of pieces a template literal builds
 * (a node per piece), which would hold several times the markup's own size.
 */
function flat(text: string): string {
  // Reading a character makes V8 flatten the string in place.
  text.charCodeAt(0);
  return text;
}

/**
 * Each stored row's derived stub and markup, kept by the row's position and checked against the
 * row as read (SQLite may give a deleted row's position to a new one), up to `budgetChars` of
 * markup; rows past the budget are derived and written on every call, as without the memo.
 * @example const memo = new StubMemo(); memo.markup(index, '      ') === renderStub(deriveStub(index), '      ')
 */
export class StubMemo {
  private readonly rows = new Map<number, Entry>();
  private chars = 0;

  constructor(private readonly budgetChars = DEFAULT_STUB_MEMO_MIB * 1024 * 1024) {}

  /** The row's derived stub (its title, for filtering). */
  stub(index: StoredIndex): DerivedStub {
    return this.entry(index).stub;
  }

  /** The row's markup, exactly as renderStub(deriveStub(index), indent) writes it. */
  markup(index: StoredIndex, indent: string | null): string {
    const entry = this.entry(index);
    if (indent === null) {
      if (entry.compact !== undefined) return entry.compact;
      const markup = renderStub(entry.stub, null);
      if (entry.kept && this.take(markup.length)) entry.compact = flat(markup);
      return markup;
    }
    if (entry.indent === indent && entry.indented !== undefined) return entry.indented;
    const markup = renderStub(entry.stub, indent);
    if (entry.kept && this.take(markup.length - (entry.indented?.length ?? 0))) {
      entry.indented = flat(markup);
      entry.indent = indent;
    }
    return markup;
  }

  /** The characters of markup (and entries) held, counted against the budget. */
  get heldChars(): number {
    return this.chars;
  }

  private entry(index: StoredIndex): Entry {
    const known = this.rows.get(index.seq);
    if (known && sameRow(known.stub.index, index)) return known;
    if (known) this.forget(index.seq, known);
    const kept = this.take(ENTRY_OVERHEAD_CHARS);
    const entry: Entry = {
      stub: deriveStub(index),
      kept,
      compact: undefined,
      indented: undefined,
      indent: undefined,
    };
    if (kept) this.rows.set(index.seq, entry);
    return entry;
  }

  private forget(seq: number, entry: Entry): void {
    this.rows.delete(seq);
    this.chars -=
      ENTRY_OVERHEAD_CHARS + (entry.compact?.length ?? 0) + (entry.indented?.length ?? 0);
  }

  /** Counts `chars` more as held when the budget allows it. */
  private take(chars: number): boolean {
    if (this.chars + chars > this.budgetChars) return false;
    this.chars += chars;
    return true;
  }
}
