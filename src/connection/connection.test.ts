import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../test/test-providers.tsx';
import { workAheadEnded } from '../tasks/work-ahead.ts';
import { openClient } from './connection.ts';

describe('opening a client for a call', () => {
  it("ends the page's work ahead of need (its warm-ups)", async () => {
    expect(workAheadEnded()).toBe(false);
    const connection = {
      targetId: null,
      timeoutMs: 5_000,
      namespaceOverride: 'urn:opened-test',
      maxAnswerBytes: 1_000_000,
    };
    await openClient(createTestQueryClient(), connection, 'soap11', 'page');
    expect(workAheadEnded()).toBe(true);
  });
});
