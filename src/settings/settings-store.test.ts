import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settings-store.ts';

describe('parseSettings', () => {
  it('keeps valid fields', () => {
    expect(
      parseSettings(
        JSON.stringify({
          targetId: 'staging',
          defaultBinding: 'http-get',
          timeoutMs: 5000,
          namespaceOverrides: { staging: 'urn:x/' },
          maxAnswerBytes: 2048,
          maxIndexBytes: 4096,
        }),
      ),
    ).toEqual({
      targetId: 'staging',
      defaultBinding: 'http-get',
      timeoutMs: 5000,
      namespaceOverrides: { staging: 'urn:x/' },
      maxAnswerBytes: 2048,
      maxIndexBytes: 4096,
    });
  });

  it('defaults anything malformed instead of crashing', () => {
    for (const bad of [
      null,
      '',
      '{',
      '42',
      '[]',
      'null',
      '{"defaultBinding":"ftp","timeoutMs":-1}',
      '{"maxAnswerBytes":1023}',
      '{"maxAnswerBytes":524288001}',
      '{"maxAnswerBytes":"250"}',
      '{"maxIndexBytes":1023}',
      '{"maxIndexBytes":524288001}',
      '{"maxIndexBytes":2048.5}',
    ]) {
      expect(parseSettings(bad)).toEqual(DEFAULT_SETTINGS);
    }
    expect(parseSettings('{"namespaceOverrides":{"a":5,"b":""}}').namespaceOverrides).toEqual({});
  });
});
