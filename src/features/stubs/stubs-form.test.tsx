import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StubsForm, type StubsFormProps } from './stubs-form.tsx';
import { TestProviders } from '../../test/test-providers.tsx';

function setup(overrides: Partial<StubsFormProps> = {}) {
  const props: StubsFormProps = {
    defaultValues: { OpenIDKey: '', AssetType: '', OtherFilterCriteria: '' },
    binding: 'soap11',
    onBindingChange: vi.fn(),
    onSubmit: vi.fn(),
    busy: false,
    onCancel: vi.fn(),
    ...overrides,
  };
  render(
    <TestProviders>
      <StubsForm {...props} />
    </TestProviders>,
  );
  return props;
}

describe('StubsForm', () => {
  it('says when the pointer or the focus reaches "Call on all bindings", before any press', async () => {
    const near = vi.fn();
    const props = setup({ onCallAllBindings: vi.fn(), onCallAllBindingsNear: near });
    const button = screen.getByRole('button', { name: 'Call on all bindings' });
    await userEvent.hover(button);
    expect(near).toHaveBeenCalledTimes(1);
    button.focus();
    expect(near).toHaveBeenCalledTimes(2);
    expect(props.onCallAllBindings).not.toHaveBeenCalled();
  });

  it('labels its fields with the parameter names and gives each help text', () => {
    setup();
    for (const name of ['OpenIDKey', 'AssetType', 'OtherFilterCriteria']) {
      const input = screen.getByLabelText(name);
      expect(input).toHaveAccessibleDescription(/\w+/);
    }
    expect(screen.getByLabelText('Binding')).toHaveValue('soap11');
  });

  it('masks the key and reveals it on request', async () => {
    setup();
    const key = screen.getByLabelText('OpenIDKey');
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(key).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide key' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('submits the values by button', async () => {
    const props = setup();
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k1');
    await userEvent.type(screen.getByLabelText('AssetType'), 'image');
    await userEvent.click(screen.getByRole('button', { name: 'Get asset stubs' }));
    expect(props.onSubmit).toHaveBeenCalledWith(
      { OpenIDKey: 'k1', AssetType: 'image', OtherFilterCriteria: '' },
      expect.anything(),
    );
  });

  it('submits by Ctrl+Enter from any field', async () => {
    const props = setup({
      defaultValues: { OpenIDKey: 'k', AssetType: '', OtherFilterCriteria: '' },
    });
    await userEvent.type(
      screen.getByLabelText('OtherFilterCriteria'),
      'x{Control>}{Enter}{/Control}',
    );
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
  });

  it('asks for the key instead of calling without one', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Get asset stubs' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the OpenIDKey');
    expect(screen.getByLabelText('OpenIDKey')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers Cancel only while a call is in flight', async () => {
    const props = setup({ busy: true });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('warns that HTTP GET puts the key in the URL', async () => {
    const props = setup({ binding: 'http-get' });
    expect(screen.getByLabelText('Binding')).toHaveAccessibleDescription(/OpenIDKey in the URL/);
    await userEvent.selectOptions(screen.getByLabelText('Binding'), 'SOAP 1.2');
    expect(props.onBindingChange).toHaveBeenCalledWith('soap12');
  });
});
