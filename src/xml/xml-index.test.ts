import { describe, expect, it } from 'vitest';
import { analyzeXml } from './analyze-xml.ts';
import { copyIndex, indexBuffers, structureBuffers, structureOf } from './xml-index.ts';

const index = analyzeXml('<a x="1"><b>t</b><!-- c --></a>', { emitPretty: false }).index!;
const typedArrays = (value: object) =>
  Object.values(value).filter((field): field is ArrayBufferView => ArrayBuffer.isView(field));

describe('the buffers to transfer', () => {
  it('list every typed array of an index or a structure once, and nothing else', () => {
    const buffers = indexBuffers(index);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(new Set(buffers)).toEqual(new Set(typedArrays(index).map((array) => array.buffer)));
    const structure = structureOf(index);
    expect(new Set(structureBuffers(structure))).toEqual(
      new Set(typedArrays(structure).map((array) => array.buffer)),
    );
  });

  it("of a copy are not the original's", () => {
    const original = new Set(indexBuffers(index));
    expect(indexBuffers(copyIndex(index)).some((buffer) => original.has(buffer))).toBe(false);
    expect(copyIndex(index)).toEqual(index);
  });
});
