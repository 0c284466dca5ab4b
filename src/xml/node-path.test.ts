import { describe, expect, it } from 'vitest';
import { analyzeXml } from './analyze-xml.ts';
import {
  hashForPath,
  hashParam,
  nodePath,
  pathFromHash,
  resolveNodePath,
  withHashParam,
} from './node-path.ts';
import { childrenOf, nodeName } from './xml-index.ts';

const xml =
  '<AssetStubs><Stub ID="1"><Title>a</Title></Stub><Note/><Stub ID="2"><Title>b</Title></Stub></AssetStubs>';
const index = analyzeXml(xml).index;
if (!index) throw new Error('no index');

describe('node paths', () => {
  it('numbers repeated siblings and leaves unique names bare', () => {
    const stubs = childrenOf(index, 1);
    expect(stubs.map((n) => nodePath(index, n))).toEqual([
      '/AssetStubs/Stub[1]',
      '/AssetStubs/Note',
      '/AssetStubs/Stub[2]',
    ]);
    const title = childrenOf(index, stubs[2] ?? -1)[0] ?? -1;
    expect(nodePath(index, title)).toBe('/AssetStubs/Stub[2]/Title');
  });

  it('resolves paths back to the same node, and unknown paths to -1', () => {
    const node = resolveNodePath(index, '/AssetStubs/Stub[2]/Title');
    expect(nodeName(index, node)).toBe('Title');
    expect(xml.slice(index.contentStart[node], index.contentEnd[node])).toBe('b');
    expect(resolveNodePath(index, '/AssetStubs/Note[1]')).toBe(
      resolveNodePath(index, '/AssetStubs/Note'),
    );
    expect(resolveNodePath(index, '/AssetStubs/Stub[3]')).toBe(-1);
    expect(resolveNodePath(index, '/Other')).toBe(-1);
    expect(resolveNodePath(index, '')).toBe(-1);
  });

  it('round-trips through the URL hash, including names that need encoding', () => {
    expect(hashForPath('/AssetStubs/Stub[42]')).toBe('#node=/AssetStubs/Stub[42]');
    expect(pathFromHash(hashForPath('/a:b/café[2]'))).toBe('/a:b/café[2]');
    expect(pathFromHash('#other=1')).toBeNull();
    expect(pathFromHash('#node=%E0%A4%A')).toBeNull();
  });
});

describe('hash parameters', () => {
  it('keeps the node and the XPath query side by side, each readable and exact', () => {
    const query = "//d:Stub[@ID='a&b' and contains(., '#')]";
    const both = withHashParam(hashForPath('/A/Stub[2]'), 'xpath', query);
    expect(both).toBe(
      "#node=/A/Stub[2]&xpath=//d:Stub[@ID%3D'a%26b'%20and%20contains(.%2C%20'%23')]",
    );
    expect(hashParam(both, 'xpath')).toBe(query);
    expect(pathFromHash(both)).toBe('/A/Stub[2]');
    expect(pathFromHash(withHashParam(both, 'node', '/A/Stub[3]'))).toBe('/A/Stub[3]');
    expect(hashParam(withHashParam(both, 'node', '/A/Stub[3]'), 'xpath')).toBe(query);
    expect(withHashParam(withHashParam(both, 'xpath', null), 'node', null)).toBe('');
  });
});
