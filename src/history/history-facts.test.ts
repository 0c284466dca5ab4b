import { describe, expect, it } from 'vitest';
import type { CallRecord } from './history-db.ts';
import { amountText, factsLine, matchesSearch, targetText, userIdText } from './history-facts.ts';

const stubs: CallRecord = {
  id: 1,
  operation: 'GetAssetStubs',
  binding: 'soap11',
  targetId: 'staging',
  params: { AssetType: 'image', OtherFilterCriteria: '' },
  outcome: 'success',
  summary: 'Success',
  durationMs: 5,
  at: Date.UTC(2026, 0, 2),
  userId: 'user-0123456789ab',
  stubsCount: 1,
  keyFingerprint: 'f'.repeat(64),
};
const older: CallRecord = {
  id: 2,
  operation: 'AddUserAssetIndex',
  binding: 'http-get',
  targetId: null,
  params: { ServiceURI: 'http://x/', MediaType: 'audio' },
  outcome: 'business-failure',
  summary: 'The service refused the registration · Answer: ERROR: no',
  durationMs: 5,
  at: Date.UTC(2026, 0, 1),
};

describe('History facts', () => {
  it('says target, UserID and stubs or result, and what an older entry did not record', () => {
    expect([targetText(stubs), userIdText(stubs), amountText(stubs)]).toEqual([
      'staging',
      'user-0123456789ab',
      '1 stub',
    ]);
    expect([targetText(older), amountText(older)]).toEqual(['server default', 'not recorded']);
    expect(amountText({ ...older, result: 'abc-1' })).toBe('abc-1');
    expect(amountText({ ...stubs, stubsCount: null })).toBe('—');
    expect(userIdText({ ...stubs, userId: null })).toBe('—');
    const { userId: _userId, ...withoutUser } = stubs;
    expect(userIdText(withoutUser)).toBe('not recorded');
  });

  it('tells entries apart in one line', () => {
    const line = factsLine(stubs);
    for (const part of [
      'staging',
      'GetAssetStubs',
      'SOAP 1.1',
      'UserID user-0123456789ab',
      '1 stub',
    ])
      expect(line).toContain(part);
    expect(line).not.toContain('f'.repeat(64));
  });

  it('searches operation, target, parameters, UserID and outcome, every word, any case', () => {
    expect(matchesSearch(stubs, 'STAGING image')).toBe(true);
    expect(matchesSearch(stubs, 'user-0123')).toBe(true);
    expect(matchesSearch(stubs, 'staging audio')).toBe(false);
    expect(matchesSearch(older, 'business failure')).toBe(true);
    expect(matchesSearch(older, 'ERROR: no')).toBe(true);
    expect(matchesSearch(older, 'server default')).toBe(true);
    expect(matchesSearch(older, '  ')).toBe(true);
    // The fingerprint is not searchable text.
    expect(matchesSearch(stubs, 'ffff')).toBe(false);
  });
});
