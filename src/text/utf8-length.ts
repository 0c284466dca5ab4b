/**
 * The UTF-8 size of a string as TextEncoder would encode it, without encoding it (no copy of a
 * multi-megabyte body just to learn its size).
 * @example utf8Length('é€😀') // 2 + 3 + 4 = 9
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) {
      bytes += 1;
      continue;
    }
    // 3 bytes for one unit; a lone surrogate too (it becomes U+FFFD). A valid pair is 2 units, 4 bytes.
    bytes += 2;
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
  }
  return bytes;
}

/**
 * The UTF-8 size of a text given in parts, counted as each arrives; a surrogate pair cut
 * between two parts counts as the one four-byte character it is.
 * @example const count = new Utf8Count(); count.add('\ud83d'); count.add('\ude00'); count.total // 4
 */
export class Utf8Count {
  total = 0;
  private endsInHighSurrogate = false;

  add(part: string): void {
    if (part === '') return;
    this.total += utf8Length(part);
    // Counted apart, each half was a lone surrogate of 3 bytes.
    if (this.endsInHighSurrogate && isLowSurrogate(part.charCodeAt(0))) this.total -= 2;
    this.endsInHighSurrogate = isHighSurrogate(part.charCodeAt(part.length - 1));
  }
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
