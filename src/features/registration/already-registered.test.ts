import { describe, expect, it } from 'vitest';
import type { RegistrationRecord } from '../../history/history-db.ts';
import { registeredBefore, stubsList } from './already-registered.ts';
import { requiredMessage } from './register-form.tsx';

const record = (id: number, ServiceURI: string, MediaType: string): RegistrationRecord => ({
  id,
  binding: 'soap11',
  targetId: 'emulator',
  ServiceURI,
  MediaType,
  result: `r${id}`,
  at: id,
});

describe('registeredBefore', () => {
  const list = [
    record(3, 'https://x.test/a.png', 'IMAGE'),
    record(2, 'https://x.test/a.png', 'audio'),
    record(1, 'https://x.test/a.png', 'image'),
  ];

  it('finds the same ServiceURI with the same MediaType (in any case), newest first', () => {
    expect(registeredBefore(list, ' https://x.test/a.png ', 'image').map((r) => r.id)).toEqual([
      3, 1,
    ]);
  });

  it('does not match another ServiceURI, another MediaType, or empty values', () => {
    expect(registeredBefore(list, 'https://x.test/A.png', 'image')).toEqual([]);
    expect(registeredBefore(list, 'https://x.test/a.png', 'video')).toEqual([]);
    expect(registeredBefore(list, 'https://x.test/a.png', ' ')).toEqual([]);
  });
});

describe('stubsList', () => {
  const stubs =
    '<AssetStubs><Stub ID="1" Type="Asset" ServiceURI="https://x.test/a?b=1&amp;c=2" MediaType="image"><Title>t</Title></Stub>' +
    "<s:Stub MediaType='audio' s:ServiceURI='https://x.test/&#x41;'/></AssetStubs>";

  it('reads the ServiceURI and MediaType attributes of each stub, entities decoded', () => {
    expect(stubsList(stubs, 'https://x.test/a?b=1&c=2', 'Image')).toBe(true);
    expect(stubsList(stubs, 'https://x.test/A', 'audio')).toBe(true);
  });

  it('says no for a pair no stub carries, or a URI only in a Title', () => {
    expect(stubsList(stubs, 'https://x.test/a?b=1&c=2', 'audio')).toBe(false);
    expect(
      stubsList(
        '<Stub MediaType="image"><Title>https://x.test/t</Title></Stub>',
        'https://x.test/t',
        'image',
      ),
    ).toBe(false);
    expect(stubsList('not xml at all <<<', 'https://x.test/t', 'image')).toBe(false);
  });
});

describe('requiredMessage', () => {
  it('puts "an" before a vowel and "a" before a consonant', () => {
    expect(requiredMessage('OpenIDKey')).toBe('Enter an OpenIDKey: it cannot be empty.');
    expect(requiredMessage('ServiceURI')).toBe('Enter a ServiceURI: it cannot be empty.');
    expect(requiredMessage('MediaType')).toBe('Enter a MediaType: it cannot be empty.');
  });
});
