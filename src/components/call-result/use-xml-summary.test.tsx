import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { SYNC_SUMMARY_LIMIT, useXmlSummary } from './use-xml-summary.ts';
import { XmlSummaryScan, summarizeXml } from '../../xml/xml-summary-scan.ts';

const big = `<AssetStubs>${'<Stub ID="x"><Title>t</Title></Stub>'.repeat(
  Math.ceil((SYNC_SUMMARY_LIMIT * 1.5) / 36),
)}<Meta/></AssetStubs>`;

describe('useXmlSummary', () => {
  it('summarizes a small payload once the scan is loaded, then the next ones at once', async () => {
    const first = renderHook(() => useXmlSummary('<A><B/><B/></A>'));
    await waitFor(() => expect(first.result.current).toBe('<A> holds 2 × B'));
    const next = renderHook(() => useXmlSummary('<A><C/></A>'));
    expect(next.result.current).toBe('<A> holds 1 × C');
  });

  it('summarizes a big payload in slices, after the first render', async () => {
    const { result } = renderHook(() => useXmlSummary(big));
    expect(result.current).toBeNull();
    await waitFor(() =>
      expect(result.current).toMatch(/^<AssetStubs> holds \d+ × Stub, 1 × Meta$/),
    );
  });

  it('gives the same answer sliced as in one pass', () => {
    const scan = new XmlSummaryScan(big);
    let slices = 0;
    while (!scan.step(100_000)) slices++;
    expect(slices).toBeGreaterThan(5);
    expect(scan.result()).toEqual(summarizeXml(big));
  });

  it('is null without DataStubs', () => {
    const { result } = renderHook(() => useXmlSummary(null));
    expect(result.current).toBeNull();
  });
});
