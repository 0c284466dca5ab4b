import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import { recordTableHead } from '../../../xml/record-table-head.ts';
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';
import TableView from './table-view.tsx';

const xml = `<AssetStubs>${Array.from({ length: 30 }, (_, i) => `<Stub ID="${i}"><Title>T${i}</Title></Stub>`).join('')}</AssetStubs>`;

function forPage(limit: number): TransferredTable {
  const table = recordTableHead(xml, limit);
  if (!table) throw new Error('no table');
  return {
    ...table,
    packed: table.values.map((values) => {
      const offsets = new Uint32Array(values.length + 1);
      values.forEach((v, i) => (offsets[i + 1] = (offsets[i] ?? 0) + v.length));
      return { text: values.join(''), offsets };
    }),
  };
}

const noop = async () => {};

describe('TableView', () => {
  it('shows the first records as a preview: nothing to sort, filter or open yet', () => {
    render(
      <TableView
        xml={xml}
        table={forPage(10)}
        index={null}
        client={null}
        fileName="stubs"
        onCopy={noop}
        onSelectPath={() => {}}
      />,
    );
    expect(screen.getByText(/First 10 Stub records · reading the rest/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Title' })).toBeDisabled();
    expect(screen.getByLabelText('Filter')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('offers sorting and filtering once the whole table is there', () => {
    render(
      <TableView
        xml={xml}
        table={forPage(29)}
        index={analyzeXml(xml).index}
        client={null}
        fileName="stubs"
        onCopy={noop}
        onSelectPath={() => {}}
      />,
    );
    expect(screen.getByText('29 of 29 Stub records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Title' })).toBeEnabled();
    expect(screen.getByLabelText('Filter')).toBeEnabled();
  });
});
