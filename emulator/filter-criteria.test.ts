import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilterCriteria } from './filter-criteria.ts';

const stub = {
  id: '5eed0000-0000-4000-8000-00000000002a',
  serviceUri: 'https://Media.example.org/vault/City-Lights.png',
  mediaType: 'image',
  title: 'City Lights',
};

describe('OtherFilterCriteria syntax', () => {
  it('splits terms, keeps quoted phrases and known fields, lower-cases needles', () => {
    expect(parseFilterCriteria('title:"City Lights" PNG uri:vault')).toEqual([
      { field: 'title', needle: 'city lights' },
      { field: null, needle: 'png' },
      { field: 'uri', needle: 'vault' },
    ]);
  });
  it('keeps an unknown field name as part of a bare term (so URIs work) and tolerates an open quote', () => {
    expect(parseFilterCriteria('https://media.example.org')).toEqual([
      { field: null, needle: 'https://media.example.org' },
    ]);
    expect(parseFilterCriteria('"open quote')).toEqual([{ field: null, needle: 'open quote' }]);
    expect(parseFilterCriteria(null)).toEqual([]);
    expect(parseFilterCriteria('  \t ')).toEqual([]);
  });
  it('matches case-insensitively, every term required', () => {
    expect(matchesFilter(stub, parseFilterCriteria('city'))).toBe(true);
    expect(matchesFilter(stub, parseFilterCriteria('MEDIA.example'))).toBe(true);
    expect(matchesFilter(stub, parseFilterCriteria('city harbour'))).toBe(false);
    expect(matchesFilter(stub, parseFilterCriteria('media:IMA id:2a'))).toBe(true);
    expect(matchesFilter(stub, parseFilterCriteria('title:vault'))).toBe(false);
    expect(matchesFilter(stub, parseFilterCriteria('uri:vault'))).toBe(true);
  });
});
