import { describe, expect, it } from 'vitest';
import { watchDataStubsHead } from './data-stubs-head.ts';
import type { FieldsBeforeDataStubs } from '../types.ts';

const HEAD = 64;
const payload = (stubs: number) =>
  `<AssetStubs>${Array.from({ length: stubs }, (_, i) => `<Stub id="${i}">Größe ☃ ${i}</Stub>`).join('')}</AssetStubs>`;
const soap = (dataStubs: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetAssetStubsResponse xmlns="urn:x"><GetAssetStubsResult><Success>true</Success><ErrorMessage /><DataStubs>${dataStubs}</DataStubs><UserID>7</UserID></GetAssetStubsResult></GetAssetStubsResponse></soap:Body></soap:Envelope>`;

/** Feeds `text` in pieces cut at the given sizes (cycled), and returns every head seen. */
function heads(text: string, cuts: number[]): string[] {
  const seen: string[] = [];
  const watcher = watchDataStubsHead(HEAD, (head) => seen.push(head));
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const size = cuts[i % cuts.length] ?? 1;
    watcher.push(text.slice(at, at + size));
    at += size;
  }
  return seen;
}

describe('watchDataStubsHead', () => {
  it('gives the start of the payload once, as the decode extracts it, however the text is cut', () => {
    const stubs = payload(20);
    // The payload inherits the record's default namespace, as in the decoded result.
    const inherited = ' xmlns="urn:x"';
    const decoded = stubs.replace('<AssetStubs>', `<AssetStubs${inherited}>`);
    for (const cuts of [[1], [2, 3], [7], [4096], [1_000_000]]) {
      expect(heads(soap(stubs), cuts)).toEqual([decoded.slice(0, HEAD + inherited.length)]);
    }
  });

  it('finds a prefixed DataStubs with attributes (HTTP GET and POST record roots, other writers)', () => {
    const stubs = payload(10);
    const body = `<?xml version="1.0"?><X_Inode xmlns:i="urn:x"><i:Success>true</i:Success><i:DataStubs xml:space="preserve">\n  ${stubs}</i:DataStubs></X_Inode>`;
    expect(heads(body, [5])).toEqual([`\n  ${stubs}`.slice(0, HEAD).trimStart()]);
  });

  it('gives nothing for a payload no longer than the head: the whole result follows at once', () => {
    expect(heads(soap('<AssetStubs><Stub id="1"/></AssetStubs>'), [4])).toEqual([]);
  });

  it('gives nothing for an empty, CDATA or escaped payload, which need the whole decode', () => {
    const stubs = payload(10);
    expect(heads(soap('').replace('<DataStubs></DataStubs>', '<DataStubs />'), [3])).toEqual([]);
    expect(heads(soap(`<![CDATA[${stubs}]]>`), [1])).toEqual([]);
    expect(heads(soap(stubs.replace(/</g, '&lt;')), [1])).toEqual([]);
  });

  it('gives up on a body without DataStubs near its start, and reads no further', () => {
    const filler = `<ErrorMessage>${'x'.repeat(70_000)}</ErrorMessage>`;
    const seen: string[] = [];
    const watcher = watchDataStubsHead(HEAD, (head) => seen.push(head));
    watcher.push(`<r>${filler}`);
    watcher.push(`<DataStubs>${payload(20)}</DataStubs></r>`);
    expect(seen).toEqual([]);
  });

  it("gives the record's fields sent before DataStubs, as text, with the head", () => {
    const fieldsOf = (body: string, cuts: number[]) => {
      const seen: FieldsBeforeDataStubs[] = [];
      const watcher = watchDataStubsHead(HEAD, (_head, fields) => seen.push(fields));
      for (let at = 0, i = 0; at < body.length; i++) {
        const size = cuts[i % cuts.length] ?? 1;
        watcher.push(body.slice(at, at + size));
        at += size;
      }
      return seen;
    };
    for (const cuts of [[1], [5], [1_000_000]])
      expect(fieldsOf(soap(payload(20)), cuts)).toEqual([{ Success: 'true', ErrorMessage: '' }]);
    // Prefixed, entity references decoded; UserID comes after DataStubs and is not read.
    const http = `<?xml version="1.0"?><X_Inode xmlns:i="urn:x"><i:Success> false </i:Success><i:ErrorMessage>No &lt;key&gt; &#x263A;</i:ErrorMessage><i:ErrorCode>E7</i:ErrorCode><i:DataStubs>${payload(20)}</i:DataStubs><i:UserID>7</i:UserID></X_Inode>`;
    expect(fieldsOf(http, [3])).toEqual([
      { Success: ' false ', ErrorMessage: 'No <key> ☺', ErrorCode: 'E7' },
    ]);
  });

  it('counts only plain-text siblings of DataStubs as fields', () => {
    const seen: FieldsBeforeDataStubs[] = [];
    const watcher = watchDataStubsHead(HEAD, (_head, fields) => seen.push(fields));
    // A Success elsewhere (a header), an Exception with markup, a CDATA ErrorMessage: none count.
    watcher.push(
      `<Envelope><Header><Success>false</Success></Header><Body><R><Exception><Detail>x</Detail></Exception><ErrorMessage><![CDATA[m]]></ErrorMessage><Success>true</Success><DataStubs>${payload(20)}</DataStubs></R></Body></Envelope>`,
    );
    expect(seen).toEqual([{ Success: 'true' }]);
  });
});
