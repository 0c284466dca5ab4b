import { describe, expect, it } from 'vitest';
import { holdText } from '../text/held-text.ts';
import { readExchange, readResponse } from './held-exchange.ts';
import type { Exchange } from './types.ts';

const exchange: Exchange = {
  request: { method: 'POST', url: '/Inode.asmx', headers: {}, body: '<q/>' },
  response: { status: 200, statusText: 'OK', headers: {}, bodyText: '<r>é</r>', byteLength: 9 },
  timings: { startedAt: 1, headersMs: 2, totalMs: 3 },
};

describe('held exchange', () => {
  it('reads a held body back into the exchange, and leaves the rest as it was', async () => {
    const held = {
      ...exchange,
      response: { ...exchange.response, bodyText: holdText(new Blob(['<r>é</r>']), 8) },
    };
    expect(await readExchange(held)).toEqual(exchange);
    expect(await readResponse(held.response)).toEqual(exchange.response);
  });

  it('gives an exchange with its body as text back as it is', async () => {
    expect(await readExchange(exchange)).toBe(exchange);
  });
});
