import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordsReadFrom, useHeadRecords } from './use-head-records.ts';

const head = `<AssetStubs>${'<Stub id="1"><Title>a</Title></Stub>'.repeat(3)}<Stub id=`;

describe('recordsReadFrom', () => {
  it('gives the viewer the records the receiving view read from the same head, and nothing for another', async () => {
    // jsdom runs no workers: the hook reads the head on the page.
    const { result } = renderHook(() => useHeadRecords(head, true));
    expect(result.current?.records).toHaveLength(3);
    await waitFor(() => expect(recordsReadFrom(head)).toBe(result.current));
    expect(recordsReadFrom(`${head}2">`)).toBeUndefined();
    expect(recordsReadFrom(null)).toBeUndefined();
  });

  it('keeps nothing from a head the view did not want read', () => {
    const other = head.replace(/Title/g, 'Name');
    renderHook(() => useHeadRecords(other, false));
    expect(recordsReadFrom(other)).toBeUndefined();
  });
});
