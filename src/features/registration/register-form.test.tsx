import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterForm, type RegisterFormProps } from './register-form.tsx';
import { TestProviders } from '../../test/test-providers.tsx';

function setup(overrides: Partial<RegisterFormProps> = {}) {
  const props: RegisterFormProps = {
    defaultValues: { OpenIDKey: '', ServiceURI: '', MediaType: '' },
    binding: 'soap11',
    onBindingChange: vi.fn(),
    onSubmit: vi.fn(),
    busy: false,
    mediaTypeSuggestions: ['image', 'video'],
    ...overrides,
  };
  const view = render(
    <TestProviders>
      <RegisterForm {...props} />
    </TestProviders>,
  );
  return { props, view };
}

describe('RegisterForm', () => {
  it('labels the fields with the parameter names, with help text', () => {
    setup();
    for (const name of ['OpenIDKey', 'ServiceURI', 'MediaType']) {
      expect(screen.getByLabelText(name)).toHaveAccessibleDescription(/\w+/);
    }
    expect(screen.getByLabelText('OpenIDKey')).toHaveAttribute('type', 'password');
  });

  it('treats empty values as errors and does not call', async () => {
    const { props } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('OpenIDKey'),
      expect.stringContaining('ServiceURI'),
      expect.stringContaining('MediaType'),
    ]);
  });

  it('warns about a relative ServiceURI but still submits it', async () => {
    const { props } = setup();
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k');
    await userEvent.type(screen.getByLabelText('ServiceURI'), 'example.org/assets');
    await userEvent.type(screen.getByLabelText('MediaType'), 'image');
    expect(screen.getByLabelText('ServiceURI')).toHaveAccessibleDescription(/not an absolute URI/);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(props.onSubmit).toHaveBeenCalledWith(
      { OpenIDKey: 'k', ServiceURI: 'example.org/assets', MediaType: 'image' },
      expect.anything(),
    );
  });

  it('does not warn about an absolute URI', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('ServiceURI'), 'https://example.org/a');
    expect(screen.queryByText(/not an absolute URI/)).toBeNull();
  });

  it('offers MediaType values seen before', () => {
    const { view } = setup();
    const list = view.container.querySelector('datalist#reg-media-suggestions');
    expect(screen.getByLabelText('MediaType')).toHaveAttribute('list', 'reg-media-suggestions');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
      'image',
      'video',
    ]);
  });

  it('keeps its values when a failure is reported', async () => {
    const { props, view } = setup();
    await userEvent.type(screen.getByLabelText('OpenIDKey'), 'k');
    await userEvent.type(screen.getByLabelText('ServiceURI'), 'https://x.test/');
    await userEvent.type(screen.getByLabelText('MediaType'), 'audio');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    view.rerender(
      <TestProviders>
        <RegisterForm {...props} serverError="The service refused the registration." />
      </TestProviders>,
    );
    expect(screen.getByText(/refused the registration/)).toBeVisible();
    expect(screen.getByLabelText('OpenIDKey')).toHaveValue('k');
    expect(screen.getByLabelText('ServiceURI')).toHaveValue('https://x.test/');
    expect(screen.getByLabelText('MediaType')).toHaveValue('audio');
  });

  it('submits by Ctrl+Enter', async () => {
    const { props } = setup({
      defaultValues: { OpenIDKey: 'k', ServiceURI: 'https://x.test/', MediaType: 'image' },
    });
    await userEvent.type(screen.getByLabelText('MediaType'), '{Control>}{Enter}{/Control}');
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
  });
});
