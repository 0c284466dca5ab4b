/**
 * The rest of a DataStubs payload after its head (data-stubs-head.ts), passed on while the answer
 * still arrives, so that whoever shows the payload can read it as it comes instead of after the
 * last byte. The head and the parts joined are the payload as sent, from the head's cut to
 * DataStubs' end tag. Whether they are exactly what the decode delivers is known only at the end
 * (`finish`): the decode may add namespace declarations to a later top-level element, or refuse
 * the answer.
 */
import type { DataStubsRestSink } from '../types.ts';
import type { TextSource } from '../../text/piece-text.ts';
import type { TextSpan } from './data-stubs.ts';

/** What String.prototype.trimEnd removes, as extractDataStubs does with the same class. */
const WHITESPACE = /\s/;

export class DataStubsRest {
  /** Body offset up to which text was passed on. */
  private sent = -1;
  /** Body offset up to which text was received: every piece counts, from the first. */
  private received = 0;
  /** Body offset up to which text is passed on or held. */
  private taken = 0;
  /** The text from `sent` on, not passed on yet: from the last `<` on, which may start the end tag. */
  private held = '';
  private head = '';
  private cut = -1;
  /** DataStubs' end tag was read: every part was passed on. */
  private ended = false;
  private finished = false;

  constructor(
    private readonly sink: DataStubsRestSink,
    /** The body offset of DataStubs' end tag once it is read, else -1 (DocumentScanner.dataStubsEnd). */
    private readonly dataStubsEnd: () => number,
  ) {}

  /**
   * The head was cut at body offset `cut`; `textAfterCut` is what arrived after it so far (the
   * body's text up to `cut + textAfterCut.length`).
   */
  start(head: string, cut: number, textAfterCut: string): void {
    if (this.sent >= 0 || this.finished) return;
    this.head = head;
    this.cut = cut;
    this.sent = cut;
    this.taken = cut + textAfterCut.length;
    // Passed on from the next push: the scanner may not have read this text yet.
    this.held = textAfterCut;
  }

  /**
   * The body's next piece (every one, from the first), after the scanner read it: passes on
   * what is surely payload.
   */
  push(piece: string): void {
    const pieceStart = this.received;
    this.received += piece.length;
    if (this.sent < 0 || this.ended || this.finished) return;
    if (this.received > this.taken) {
      this.held += this.taken > pieceStart ? piece.slice(this.taken - pieceStart) : piece;
      this.taken = this.received;
    }
    this.pass();
  }

  private pass(): void {
    const end = this.dataStubsEnd();
    if (end >= 0) {
      // Without the whitespace before the end tag, as the decode cuts it (extractDataStubs).
      const last = this.held.slice(0, Math.max(0, end - this.sent)).trimEnd();
      if (last !== '') this.sink.part(last);
      this.sent += last.length;
      this.held = '';
      this.ended = true;
      return;
    }
    // An end tag not read whole yet starts at the last `<` held: everything before it is payload,
    // but for whitespace just before it, which the decode leaves out if that tag is DataStubs'.
    const lt = this.held.lastIndexOf('<');
    let passOn = lt < 0 ? this.held.length : lt;
    while (passOn > 0 && WHITESPACE.test(this.held.charAt(passOn - 1))) passOn--;
    if (passOn === 0) return;
    this.sink.part(this.held.slice(0, passOn));
    this.held = this.held.slice(passOn);
    this.sent += passOn;
  }

  /**
   * The call ended: `payload` is the DataStubs value decoded from `body`, or where it lies in
   * `body` (null when the call failed). Tells the sink whether the head and the parts are that
   * payload, once a head was cut.
   */
  finish(payload: string | TextSpan | null, body: TextSource): void {
    if (this.sent < 0 || this.finished) return;
    this.finished = true;
    this.held = '';
    this.sink.end(payload !== null && this.ended && this.passedOn(payload, body));
  }

  private passedOn(payload: string | TextSpan, body: TextSource): boolean {
    const length = this.head.length + (this.sent - this.cut);
    if (typeof payload === 'string') {
      return (
        payload.length === length &&
        payload.startsWith(this.head) &&
        payload.endsWith(body.slice(this.cut, this.sent))
      );
    }
    // The parts are the body's text from the cut on: they are the payload's if it lies there.
    return (
      payload.end === this.sent &&
      payload.start + this.head.length === this.cut &&
      body.slice(payload.start, this.cut) === this.head
    );
  }
}
