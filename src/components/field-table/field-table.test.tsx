import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldTable } from './field-table.tsx';
import { record } from '../../test/call-errors.ts';
import { heldForTest } from '../../test/held-text.ts';
import { formatBytes } from '../../text/format.ts';

const STACK = `System.NullReferenceException: Object reference not set to an instance of an object.
   at Inode.GetAssetStubs(String OpenIDKey)
   at System.Web.Services.Protocols.LogicalMethodInfo.Invoke(Object target, Object[] values)`;

function rowValue(name: string) {
  const header = screen.getByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row).getAllByRole('cell')[0] as HTMLElement;
}

describe('FieldTable', () => {
  it('lists the seven fields in wire order', () => {
    render(<FieldTable record={record()} />);
    const names = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(names).toEqual([
      'Success',
      'ErrorMessage',
      'ErrorCode',
      'Exception',
      'DataStubs',
      'NewRecordID',
      'UserID',
    ]);
  });

  it('shows absent and empty differently', () => {
    render(<FieldTable record={record({ ErrorMessage: '', ErrorCode: null })} />);
    expect(rowValue('ErrorMessage')).toHaveTextContent('empty');
    expect(rowValue('ErrorCode')).toHaveTextContent('absent');
    expect(rowValue('ErrorMessage').textContent).not.toEqual(rowValue('ErrorCode').textContent);
  });

  it('shows booleans and strings as sent', () => {
    render(<FieldTable record={record({ Success: false, UserID: 'user-9' })} />);
    expect(rowValue('Success')).toHaveTextContent('false');
    expect(rowValue('UserID')).toHaveTextContent('user-9');
  });

  it('folds a .NET stack trace to its first line', async () => {
    render(<FieldTable record={record({ Exception: STACK })} />);
    const cell = rowValue('Exception');
    expect(within(cell).getByText(/NullReferenceException/)).toBeVisible();
    const frame = within(cell).getByText(/LogicalMethodInfo.Invoke/);
    expect(frame).not.toBeVisible();
    await userEvent.click(within(cell).getByText(/NullReferenceException/));
    expect(frame).toBeVisible();
  });

  it('shows a one-line Exception without folding', () => {
    render(<FieldTable record={record({ Exception: 'Something broke' })} />);
    expect(within(rowValue('Exception')).queryByRole('group')).toBeNull();
    expect(rowValue('Exception')).toHaveTextContent('Something broke');
  });

  it('points to the DataStubs view instead of dumping the XML', () => {
    render(<FieldTable record={record()} />);
    expect(rowValue('DataStubs')).toHaveTextContent(/XML, \d+ B/);
    expect(rowValue('DataStubs')).not.toHaveTextContent('<Stub');
  });

  it('gives a held payload its size in bytes without reading it', () => {
    const held = heldForTest(`<AssetStubs>${'<Stub ID="é"/>'.repeat(100)}</AssetStubs>`);
    const text = vi.spyOn(held.held, 'text');
    render(<FieldTable record={{ ...record(), DataStubs: held }} />);
    expect(rowValue('DataStubs')).toHaveTextContent(
      `XML, ${formatBytes(held.held.size)} (shown below)`,
    );
    expect(text).not.toHaveBeenCalled();
  });
});
