import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldsSoFar } from './fields-so-far.tsx';

describe('FieldsSoFar', () => {
  it('says Success or Error at a glance, and that it is not checked yet', () => {
    const { unmount } = render(<FieldsSoFar fields={{ Success: ' 1 ', ErrorMessage: '' }} />);
    const section = screen.getByRole('region', { name: 'Fields so far' });
    expect(section).toHaveTextContent('Success, so far');
    expect(section).toHaveTextContent('the whole answer is checked once it is in');
    expect(section).toHaveTextContent('ErrorMessage(empty)');
    unmount();
    render(<FieldsSoFar fields={{ ErrorCode: 'E7', Success: 'false' }} />);
    expect(screen.getByRole('region', { name: 'Fields so far' })).toHaveTextContent(
      /Error, so far.*Successfalse.*ErrorCodeE7/,
    );
  });

  it('shows a Success it cannot read as sent, and nothing without fields', () => {
    const { container, unmount } = render(<FieldsSoFar fields={{}} />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    render(<FieldsSoFar fields={{ Success: 'yes' }} />);
    const section = screen.getByRole('region', { name: 'Fields so far' });
    expect(section).toHaveTextContent('The first fields, so far');
    expect(section).toHaveTextContent('Successyes');
  });
});
