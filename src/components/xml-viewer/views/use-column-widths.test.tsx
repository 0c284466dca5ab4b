import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordTableHead } from '../../../xml/record-table-head.ts';
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';
import { useColumnWidths } from './use-column-widths.ts';

afterEach(() => vi.restoreAllMocks());

const xml = `<AssetStubs>${Array.from({ length: 30 }, (_, i) => `<Stub ID="${i}"><Title>A title of record ${i}</Title></Stub>`).join('')}</AssetStubs>`;

function table(): TransferredTable {
  const head = recordTableHead(xml, 20);
  if (!head) throw new Error('no table');
  return { ...head, packed: [] };
}

function Grid({ label }: { label: string }) {
  const { widthOf, gridRef } = useColumnWidths(table());
  return (
    <div ref={gridRef} className="xv-grid" aria-label={label}>
      <div className="xv-grid-head" />
      <div className="xv-grid-scroll" />
      <output aria-label={`${label} widths`}>{[0, 1].map(widthOf).join(' ')}</output>
    </div>
  );
}

describe('useColumnWidths', () => {
  it("reads the grid's fonts from the first grid of the document only: a later Table sizes its columns without a style recalculation", () => {
    const computed = vi.spyOn(window, 'getComputedStyle');
    const first = render(<Grid label="first" />);
    const reads = computed.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    const firstWidths = screen.getByLabelText('first widths').textContent;
    first.unmount();

    render(<Grid label="second" />);
    expect(computed.mock.calls.length).toBe(reads);
    expect(screen.getByLabelText('second widths').textContent).toBe(firstWidths);
  });
});
