import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { SUMMARY_NOT_LOADED, useXmlSummary } from './use-xml-summary.ts';

// The scan's code cannot be fetched, as when the app was redeployed under an open page.
vi.mock('../../xml/xml-summary-scan.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('useXmlSummary without its scan', () => {
  it('says the elements were not counted, instead of counting for ever', async () => {
    const { result } = renderHook(() => useXmlSummary('<A><B/></A>'));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe(SUMMARY_NOT_LOADED));
  });

  it('says nothing where it has no payload to count', () => {
    const { result } = renderHook(() => useXmlSummary(null));
    expect(result.current).toBeNull();
  });
});
