import { describe, expect, it, vi } from 'vitest';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import { labelOf } from '../../../xml/node-label.ts';
import { NodeLabelCache } from './node-label-cache.ts';

const xml = `<AssetStubs>${Array.from({ length: 20 }, (_, i) => `<Stub ID="s${i}">T${i}</Stub>`).join('')}</AssetStubs>`;
const analyzed = analyzeXml(xml, { emitPretty: false }).index;
if (!analyzed) throw new Error('no index');
const index = analyzed;
const stubs = Array.from({ length: 20 }, (_, i) => 2 + 2 * i);

/** Answers as the viewer's worker does; `calls` counts the nodes of each call. */
function labellingClient() {
  const calls: number[] = [];
  return {
    calls,
    nodeLabels: vi.fn((nodes: readonly number[]) => {
      calls.push(nodes.length);
      return Promise.resolve(nodes.map((node) => labelOf(index, node, xml)));
    }),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('NodeLabelCache', () => {
  it('fetches the labels wanted in one call, and not again', async () => {
    const client = labellingClient();
    const loaded = vi.fn();
    const cache = new NodeLabelCache(client, loaded);
    cache.want(stubs.slice(0, 5));
    cache.want(stubs.slice(0, 5));
    expect(client.calls).toEqual([5]);
    await flush();
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(cache.label(stubs[3]!)).toEqual({
      kind: 'element',
      name: 'Stub',
      attributes: [['ID', 's3']],
      empty: false,
      text: 'T3',
    });
    cache.want(stubs.slice(0, 5));
    expect(client.calls).toEqual([5]);
  });

  it('forgets the least recently used labels beyond its bound', async () => {
    const client = labellingClient();
    const cache = new NodeLabelCache(client, () => undefined, 4);
    cache.want(stubs.slice(0, 4));
    await flush();
    cache.want([stubs[0]!]);
    cache.want(stubs.slice(4, 6));
    await flush();
    expect(cache.size).toBe(4);
    expect(cache.label(stubs[0]!)).toBeDefined();
    expect(cache.label(stubs[1]!)).toBeUndefined();
    expect(cache.label(stubs[5]!)).toBeDefined();
  });

  it('drops labels that arrive after it was closed, and fetches again once opened', async () => {
    const client = labellingClient();
    const loaded = vi.fn();
    const cache = new NodeLabelCache(client, loaded);
    cache.want(stubs.slice(0, 2));
    cache.close();
    await flush();
    expect(loaded).not.toHaveBeenCalled();
    expect(cache.size).toBe(0);
    cache.want(stubs.slice(0, 2));
    expect(client.calls).toEqual([2]);
    cache.open();
    cache.want(stubs.slice(0, 2));
    await flush();
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(2);
  });
});
