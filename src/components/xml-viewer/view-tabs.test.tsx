import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ViewTabs, type ViewTab } from './view-tabs.tsx';

function Harness() {
  const [tab, setTab] = useState<ViewTab>('pretty');
  return <ViewTabs idPrefix="t" active={tab} onChange={setTab} />;
}

describe('ViewTabs', () => {
  it('moves between tabs with the arrow keys, Home and End', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Pretty' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tree' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Tree' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Raw' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pretty' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'Pretty' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('tabindex', '-1');
  });
});
