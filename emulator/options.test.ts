import { describe, expect, it } from 'vitest';
import { DEFAULT_STUB_MEMO_MIB, optionsFromEnv, resolveOptions } from './options.ts';

describe('emulator options from the environment', () => {
  it('reads the stub memo budget in MiB, 0 keeping none, and defaults it', () => {
    expect(optionsFromEnv({ INODE_EMULATOR_STUB_MEMO_MIB: '0' }).stubMemoMiB).toBe(0);
    expect(optionsFromEnv({ INODE_EMULATOR_STUB_MEMO_MIB: '64' }).stubMemoMiB).toBe(64);
    expect(optionsFromEnv({}).stubMemoMiB).toBeUndefined();
    expect(resolveOptions(optionsFromEnv({})).stubMemoMiB).toBe(DEFAULT_STUB_MEMO_MIB);
  });

  it('refuses a budget that is not a whole number, naming the variable', () => {
    for (const value of ['lots', '-1', '1.5']) {
      expect(() => optionsFromEnv({ INODE_EMULATOR_STUB_MEMO_MIB: value })).toThrow(
        `INODE_EMULATOR_STUB_MEMO_MIB must be a non-negative integer, got "${value}"`,
      );
    }
  });
});
