import { describe, expect, it } from 'vitest';
import { countStubs } from './stubs-count.ts';

describe('countStubs', () => {
  it('counts the records of a record list', async () => {
    expect(await countStubs('<Stubs><Stub ID="1"><T>a</T></Stub><Stub ID="2"/></Stubs>')).toBe(2);
    expect(await countStubs('<Stubs/>')).toBe(0);
  });

  it('counts a payload bigger than one slice the same way', async () => {
    const xml = `<Stubs>${'<Stub><Title>x</Title></Stub>'.repeat(40_000)}</Stubs>`;
    expect(xml.length).toBeGreaterThan(1_000_000);
    expect(await countStubs(xml)).toBe(40_000);
  });

  it('lets other tasks run while it counts a large payload', async () => {
    const xml = `<Stubs>${'<Stub><Title>x</Title></Stub>'.repeat(300_000)}</Stubs>`;
    let interleaved = false;
    const counting = countStubs(xml);
    setTimeout(() => (interleaved = true), 0);
    expect(await counting).toBe(300_000);
    expect(interleaved).toBe(true);
  });

  it('gives no count where there is no record list', async () => {
    expect(await countStubs('<Stubs><Stub/><Other/></Stubs>')).toBeNull();
    expect(await countStubs('<A/><B/>')).toBeNull();
    expect(await countStubs('<Stubs><Stub>')).toBeNull();
    expect(await countStubs('plain text')).toBeNull();
  });
});
