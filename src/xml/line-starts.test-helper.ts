/**
 * The reference for where a text's lines start, found from the text by searching its line
 * breaks (what the worker did before the pretty pass recorded them): tests compare the recorded
 * starts with it.
 *
 * @example lineStartsOf('a\nb\n') // [0, 2, 4]; lineStartsOf('a\nb') // [0, 2, 4]; lineStartsOf('') // [1]
 */
export function lineStartsOf(text: string): Uint32Array {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  const endsWithBreak = text.endsWith('\n');
  const count = endsWithBreak || text === '' ? lines : lines + 1;
  const starts = new Uint32Array(count + 1);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && line < count; at = text.indexOf('\n', at + 1)) {
    starts[line++] = at + 1;
  }
  starts[count] = endsWithBreak ? text.length : text.length + 1;
  return starts;
}
