import { describe, expect, it } from 'vitest';
import type { TargetsPayload } from '../console-api/index.ts';
import { effectiveTargetId, parseTargetList, TARGETS_PATH } from './targets.ts';

describe('parseTargetList', () => {
  it('reads the contract shape', () => {
    const payload: TargetsPayload = {
      targets: [
        { id: 'emulator', label: 'Embedded emulator', kind: 'emulator' },
        { id: 'staging', label: 'staging', kind: 'remote', url: 'http://s' },
      ],
      defaultId: 'staging',
      relay: true,
    };
    const list = parseTargetList(payload);
    expect(list).toEqual(payload);
    expect(list.defaultId).toBe('staging');
    expect(list.targets[1]).toEqual({
      id: 'staging',
      label: 'staging',
      kind: 'remote',
      url: 'http://s',
    });
  });

  it('drops malformed entries and never trusts an unknown default', () => {
    const list = parseTargetList({
      targets: [null, { id: '' }, { id: 'x' }, 'y'],
      defaultId: 'nope',
    });
    expect(list).toEqual({
      targets: [{ id: 'x', label: 'x', kind: 'remote' }],
      defaultId: 'x',
      relay: false,
    });
    expect(parseTargetList('garbage')).toEqual({ targets: [], defaultId: null, relay: false });
  });

  it('offers the relay only when the list says true (a static file says nothing)', () => {
    const targets = [{ id: 'remote', label: 'Inode.asmx', kind: 'remote' }];
    expect(parseTargetList({ targets, defaultId: 'remote', relay: true }).relay).toBe(true);
    expect(parseTargetList({ targets, defaultId: 'remote' }).relay).toBe(false);
    expect(parseTargetList({ targets, defaultId: 'remote', relay: 'yes' }).relay).toBe(false);
  });
});

it('asks the contract’s route below the base path', () => {
  expect(TARGETS_PATH).toBe('/__console/targets');
});

describe('effectiveTargetId', () => {
  const list = parseTargetList({ targets: [{ id: 'a' }, { id: 'b' }], defaultId: 'a' });
  it('uses the chosen target while the server offers it, else the default', () => {
    expect(effectiveTargetId('b', list)).toBe('b');
    expect(effectiveTargetId('gone', list)).toBe('a');
    expect(effectiveTargetId(null, list)).toBe('a');
    expect(effectiveTargetId('b', undefined)).toBe('b');
  });
});
