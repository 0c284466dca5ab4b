/**
 * Whether a range holds one character, answered from the next occurrence found by the last
 * forward search, so that asking about each range in document order stays linear even on a
 * payload that is one 10 MB line.
 */
export class NextChar {
  private source = '';
  private searchedFrom = 0;
  private at = -1;

  constructor(
    private readonly char: string,
    private readonly code = char.charCodeAt(0),
  ) {}

  in(source: string, from: number, to: number): boolean {
    if (source !== this.source) {
      this.source = source;
      this.searchedFrom = from;
      this.at = source.indexOf(this.char, from);
    } else if (from < this.searchedFrom) {
      // A range before the last search (a start tag written after its text was looked at):
      // looked at alone, so the remembered occurrence stays valid for the ranges after it.
      for (let i = from; i < to; i++) if (source.charCodeAt(i) === this.code) return true;
      return false;
    } else if (this.at !== -1 && this.at < from) {
      this.searchedFrom = from;
      this.at = source.indexOf(this.char, from);
    }
    return this.at !== -1 && this.at < to;
  }
}
