// The hardening settings: defaults that are never "no limit", flags over variables, clear errors.
import { describe, expect, it } from 'vitest';
import { helpText, serverSettings, type ServerSettings } from '../settings.ts';

function parsed(argv: string[], env: NodeJS.ProcessEnv = {}): ServerSettings {
  const settings = serverSettings(argv, env);
  if (settings === 'help') throw new Error('help');
  return settings;
}

describe('deadline, cap and credential settings', () => {
  it('has a finite default for every deadline and cap, and --help names each with it', () => {
    const settings = parsed([]);
    expect(settings).toMatchObject({
      callDeadlineMs: 120_000,
      queueTimeoutMs: 5_000,
      upstreamMaxSockets: 64,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      maxConnections: 1024,
      maxConnectionsPerClient: 256,
      passCredentialsTo: [],
      healthToken: '',
    });
    const help = helpText();
    for (const name of [
      'INODE_CALL_DEADLINE_MS',
      'INODE_QUEUE_TIMEOUT_MS',
      'INODE_UPSTREAM_MAX_SOCKETS',
      'INODE_REQUEST_TIMEOUT_MS',
      'INODE_HEADERS_TIMEOUT_MS',
      'INODE_MAX_CONNECTIONS_PER_CLIENT',
      'INODE_PASS_CREDENTIALS',
      'INODE_HEALTH_TOKEN',
    ])
      expect(help).toContain(name);
    expect(help).toContain('(default: 120000)');
  });

  it('reads variables, lets flags override them, and lists the credential targets', () => {
    const settings = parsed(['--queue-timeout-ms', '250', '--pass-credentials', ' a , b '], {
      INODE_QUEUE_TIMEOUT_MS: '900',
      INODE_MAX_CONNECTIONS: '10',
      INODE_HEALTH_TOKEN: 's3cret',
    });
    expect(settings.queueTimeoutMs).toBe(250);
    expect(settings.maxConnections).toBe(10);
    expect(settings.passCredentialsTo).toEqual(['a', 'b']);
    expect(settings.healthToken).toBe('s3cret');
  });

  it('refuses a zero cap, a headers timeout above the request timeout, and a non-number', () => {
    expect(() => parsed(['--max-connections', '0'])).toThrow(
      'INODE_MAX_CONNECTIONS: "0" must be a whole number from 1 to 1000000',
    );
    expect(() => parsed(['--headers-timeout-ms', '40000'])).toThrow(
      'INODE_HEADERS_TIMEOUT_MS (40000) must not exceed INODE_REQUEST_TIMEOUT_MS (30000)',
    );
    expect(() => parsed([], { INODE_CALL_DEADLINE_MS: '2m' })).toThrow(
      'INODE_CALL_DEADLINE_MS: "2m" must be a whole number',
    );
  });
});
