import { describe, expect, it, vi } from 'vitest';
import { prettyHead } from '../../xml/pretty-head.ts';
import { FIRST_SCREEN_CHARS, firstScreenOf } from './first-screen.ts';

vi.mock('../../xml/pretty-head.ts', { spy: true });

const payload = `<AssetStubs>${'<Stub id="1"><Title>a</Title></Stub>'.repeat(2_000)}</AssetStubs>`;

describe('firstScreenOf', () => {
  it("is prettyHead's first screen, worked out once for the same text", () => {
    const head = payload.slice(0, 40_000);
    vi.mocked(prettyHead).mockClear();
    const screen = firstScreenOf(head);
    expect(firstScreenOf(head)).toBe(screen);
    expect(prettyHead).toHaveBeenCalledTimes(1);
    expect(prettyHead).toHaveBeenCalledWith(head, FIRST_SCREEN_CHARS);
    expect(screen?.startsWith('<AssetStubs>\n  <Stub id="1">\n')).toBe(true);
  });

  it('works out a new text’s screen: a longer prefix of the same payload gives the same lines', () => {
    const fromHead = firstScreenOf(payload.slice(0, 40_000));
    vi.mocked(prettyHead).mockClear();
    expect(firstScreenOf(payload.slice(0, 60_000))).toEqual(fromHead);
    expect(firstScreenOf('<a><b>1</b></a>')).toBe('<a>\n  <b>1</b>\n</a>\n');
    expect(prettyHead).toHaveBeenCalledTimes(2);
  });
});
