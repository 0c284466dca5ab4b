import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MegabytesField, megabytesText, typedAmount } from './megabytes-field.tsx';

const MB = 1024 * 1024;

describe('megabytesText', () => {
  it('shows the fewest decimals that give the saved bytes again', () => {
    expect(megabytesText(5 * MB)).toBe('5');
    expect(megabytesText(Math.round(2.5 * MB))).toBe('2.5');
    expect(megabytesText(typedAmount('0.001', MB, 0, MB) ?? -1)).toBe('0.001');
    // 105 bytes: 0.0001 MB, not "0".
    expect(megabytesText(typedAmount('0.0001', MB, 0, MB) ?? -1)).toBe('0.0001');
  });
});

function Field({ min }: { min: number }) {
  const [bytes, setBytes] = useState(5 * MB);
  return (
    <>
      <MegabytesField
        id="f"
        label="Limit (MB)"
        bytes={bytes}
        min={min}
        max={10 * MB}
        help="The limit."
        onValid={setBytes}
      />
      <output>{bytes}</output>
    </>
  );
}

describe('MegabytesField', () => {
  it('saves a value in range as whole bytes and refuses one outside, keeping the last valid', async () => {
    render(<Field min={0} />);
    const field = screen.getByLabelText('Limit (MB)');
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(screen.getByRole('status')).toHaveTextContent('0');
    await userEvent.type(field, '.5');
    expect(screen.getByRole('status')).toHaveTextContent(String(MB / 2));
    await userEvent.clear(field);
    await userEvent.type(field, '11');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter a number of megabytes from 0 to 10;/)).toBeVisible();
    // The last valid value typed on the way: "1".
    expect(screen.getByRole('status')).toHaveTextContent(String(MB));
  });

  it('names its smallest value when it is not 0', async () => {
    render(<Field min={1024} />);
    const field = screen.getByLabelText('Limit (MB)');
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(
      screen.getByText(
        /Enter a number of megabytes up to 10, at least 1\.0 KB; the last valid value \(5\.0 MB\)/,
      ),
    ).toBeVisible();
  });
});
