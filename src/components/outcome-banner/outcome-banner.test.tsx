import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OutcomeBanner } from './outcome-banner.tsx';
import {
  describeError,
  describeRegistrationValue,
  describeStubsRecord,
} from '../../outcome/outcome.ts';
import { ERRORS, record } from '../../test/call-errors.ts';

function banner() {
  return screen.getByRole('region', { name: 'Outcome' });
}

describe('OutcomeBanner', () => {
  it('says success plainly', () => {
    render(<OutcomeBanner outcome={describeStubsRecord(record())} />);
    expect(banner()).toHaveAttribute('data-outcome', 'success');
    expect(within(banner()).getByRole('heading')).toHaveTextContent('Success');
  });

  it('puts ErrorCode and ErrorMessage up front on a business failure', () => {
    render(
      <OutcomeBanner
        outcome={describeStubsRecord(
          record({ Success: false, ErrorCode: 'E42', ErrorMessage: 'Unknown key' }),
        )}
      />,
    );
    expect(banner()).toHaveAttribute('data-outcome', 'business-failure');
    expect(within(banner()).getByText('E42')).toBeVisible();
    expect(within(banner()).getByText('Unknown key')).toBeVisible();
  });

  it('tells absent and empty apart in a business failure', () => {
    render(
      <OutcomeBanner
        outcome={describeStubsRecord(record({ Success: false, ErrorCode: null, ErrorMessage: '' }))}
      />,
    );
    expect(within(banner()).getByText('(absent)')).toBeVisible();
    expect(within(banner()).getByText('(empty)')).toBeVisible();
  });

  it('shows an ERROR string from AddUserAssetIndex as a failure', () => {
    render(<OutcomeBanner outcome={describeRegistrationValue('ERROR: no such user')} />);
    expect(banner()).toHaveAttribute('data-outcome', 'business-failure');
    expect(within(banner()).getByText('ERROR: no such user')).toBeVisible();
  });

  it('shows a SOAP fault with its code and reason', () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.soapFault)} />);
    expect(banner()).toHaveAttribute('data-outcome', 'soap-fault');
    expect(within(banner()).getByText('soap:Server')).toBeVisible();
    const facts = within(banner())
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(facts).toContain('Server was unable to process request. ---> boom');
  });

  it('shows a service error with the exception type and message', () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.serviceError)} />);
    expect(banner()).toHaveAttribute('data-outcome', 'service-error');
    expect(within(banner()).getByText('System.InvalidOperationException')).toBeVisible();
    expect(within(banner()).getByText('Sequence contains no elements')).toBeVisible();
  });

  it('shows other HTTP errors with their status', () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.httpError)} />);
    expect(banner()).toHaveAttribute('data-outcome', 'http-error');
    expect(within(banner()).getByRole('heading')).toHaveTextContent('HTTP error 404');
  });

  it('explains a switched-off binding', () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.bindingDisabled)} />);
    expect(within(banner()).getByRole('heading')).toHaveTextContent(
      'HTTP GET is switched off on this service',
    );
  });

  it("explains the proxy's target-unreachable answer", () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.targetUnreachable)} />);
    expect(within(banner()).getByRole('heading')).toHaveTextContent('The service is unreachable');
    const facts = within(banner())
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(facts).toContain('Target http://127.0.0.1:9 is unreachable: ECONNREFUSED');
  });

  it.each([
    ['unexpected', 'unexpected-response', 'Unexpected response'],
    ['network', 'network-failure', 'Network failure'],
    ['timeout', 'timeout', 'No answer in time'],
    ['input', 'input-error', 'Nothing was sent'],
  ] as const)('shows %s as %s', (name, kind, title) => {
    render(<OutcomeBanner outcome={describeError(ERRORS[name])} />);
    expect(banner()).toHaveAttribute('data-outcome', kind);
    expect(within(banner()).getByRole('heading')).toHaveTextContent(title);
  });

  it('shows a cancelled call as cancelled, not as a failure', () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.network, true)} />);
    expect(banner()).toHaveAttribute('data-outcome', 'cancelled');
  });

  it('keeps the technical detail one click away', async () => {
    render(<OutcomeBanner outcome={describeError(ERRORS.timeout)} />);
    const detail = screen.getByText(/no complete answer within 5000 ms/);
    expect(detail).not.toBeVisible();
    await userEvent.click(screen.getByText('Technical detail'));
    expect(detail).toBeVisible();
  });

  it('marks a previous result as stale', () => {
    render(<OutcomeBanner outcome={describeStubsRecord(record())} stale />);
    expect(banner()).toHaveAttribute('data-stale', 'true');
    expect(within(banner()).getByText('Previous result')).toBeVisible();
  });
});
