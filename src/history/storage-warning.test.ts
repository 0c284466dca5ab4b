import { afterEach, expect, it, vi } from 'vitest';
import { warnStorageFailure } from './storage-warning.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

it('names the error, never its message, which may quote what was written', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = new DOMException(
    "Failed to execute 'add' on 'IDBObjectStore': {key: 'demo-alice-key'} could not be cloned.",
    'DataCloneError',
  );
  warnStorageFailure('History could not be written', error);
  expect(warn).toHaveBeenCalledOnce();
  expect(warn).toHaveBeenCalledWith('History could not be written', 'DataCloneError');
  expect(JSON.stringify(warn.mock.calls)).not.toContain('demo-alice-key');
});

it('passes on what was thrown when it is not an error', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  warnStorageFailure('A registration could not be listed', 'quota');
  expect(warn).toHaveBeenCalledWith('A registration could not be listed', 'quota');
});
