import { describe, expect, it } from 'vitest';
import { describeNamespaceFailure } from './namespace-failure.ts';

function discoveryError(parts: { kind: string; header?: string; message?: string }): Error {
  return Object.assign(new Error(parts.message ?? 'Could not read the service namespace'), {
    name: 'NamespaceDiscoveryError',
    kind: parts.kind,
    ...(parts.header
      ? { exchange: { response: { headers: { 'x-inode-console-error': parts.header } } } }
      : {}),
  });
}

describe('describeNamespaceFailure', () => {
  it('says a target that is down is not answering, without namespace advice or the proxy text', () => {
    const failure = describeNamespaceFailure(
      discoveryError({
        kind: 'http',
        header: 'target-unreachable',
        message: 'HTTP 502: connect ECONNREFUSED 127.0.0.1:9',
      }),
      'unreachable',
    );
    expect(failure.sentence).toBe(
      'Target unreachable is not answering, so its namespace cannot be read; press "Discover again" once the service is running.',
    );
    expect(failure.sentence).not.toMatch(/ECONNREFUSED|Enter it below|namespace override/i);
  });

  it('says the same of a network failure and a timeout in one sentence each', () => {
    expect(
      describeNamespaceFailure(discoveryError({ kind: 'network' }), 'Staging').sentence,
    ).toMatch(/^Target Staging is not answering/);
    const timeout = describeNamespaceFailure(discoveryError({ kind: 'timeout' }), 'Staging');
    expect(timeout.sentence).toMatch(
      /^Target Staging did not send its service description in time/,
    );
  });

  it('advises entering the namespace only when the target answers but its ?WSDL cannot be read', () => {
    const failure = describeNamespaceFailure(
      discoveryError({ kind: 'format', message: 'not a WSDL with a targetNamespace' }),
      'Staging',
    );
    expect(failure.sentence).toContain('Enter it below');
  });
});
