import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { BulkRowsTable, RENDER_ALL_UP_TO } from './bulk-rows-table.tsx';
import { toBulkRows } from '../../bulk-job/bulk-rows.ts';
import { BulkRunner } from '../../bulk-job/bulk-runner.ts';

function rows(n: number) {
  return toBulkRows(Array.from({ length: n }, (_, i) => [`https://m.example/${i}`, 'image'])).rows;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BulkRowsTable', () => {
  it('renders a small job whole, in a labelled, focusable region', () => {
    render(<BulkRowsTable rows={rows(3)} runner={null} snapshot={null} skipDuplicates />);
    const region = screen.getByRole('region', { name: 'Rows and outcomes' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getAllByRole('row')).toHaveLength(4);
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'ServiceURI', 'MediaType', 'Check', 'Outcome', 'Returned value or error']);
  });

  it('virtualizes a large job: few rows in the DOM, the full count announced', () => {
    // jsdom lays nothing out: give the scroll region the size a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const many = rows(10_000);
    render(<BulkRowsTable rows={many} runner={null} snapshot={null} skipDuplicates />);
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rendered = within(table).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThan(RENDER_ALL_UP_TO);
    expect(rendered[1]).toHaveAttribute('aria-rowindex', '2');
    expect(rendered[1]).toHaveTextContent('https://m.example/0');
  });

  it('shows only the failed rows when asked, keeping their row numbers', async () => {
    const items = rows(5);
    const runner = new BulkRunner({
      items,
      register: async (item) => (/[13]$/.test(item.ServiceURI) ? 'ERROR: no' : 'ok'),
    });
    runner.start();
    await runner.whenSettled();
    const { rerender } = render(
      <BulkRowsTable
        rows={items}
        runner={runner}
        snapshot={runner.snapshot()}
        skipDuplicates
        filter="failed"
      />,
    );
    const shown = screen.getAllByRole('row').slice(1);
    expect(shown.map((r) => r.firstElementChild?.textContent)).toEqual(['2', '4']);
    rerender(
      <BulkRowsTable
        rows={items}
        runner={runner}
        snapshot={runner.snapshot()}
        skipDuplicates
        filter="unsent"
      />,
    );
    expect(screen.getByText('No rows match this view.')).toBeVisible();
  });

  it('shows the runner’s outcome for each row', async () => {
    const items = rows(2);
    const runner = new BulkRunner({
      items,
      register: async (item) => (item.ServiceURI.endsWith('0') ? 'ID-7' : 'ERROR: nope'),
    });
    runner.start();
    await runner.whenSettled();
    render(
      <BulkRowsTable rows={items} runner={runner} snapshot={runner.snapshot()} skipDuplicates />,
    );
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent(/registered\s*ID-7/);
    expect(second).toHaveTextContent(/failed\s*ERROR: nope/);
  });
});
