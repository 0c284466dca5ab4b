import { describe, expect, it } from 'vitest';
import { alertInsteadOf, inPage, sortByColumn, typeInto } from './page.ts';

/** Runs an in-page action against a document whose queries find nothing. */
function onEmptyPage(action: string): () => void {
  const run = new Function('document', 'window', 'HTMLInputElement', action) as (
    ...args: unknown[]
  ) => void;
  const document = { querySelector: () => null, querySelectorAll: () => [] };
  return () => run(document, {}, class {});
}

describe("the viewer bench's page actions", () => {
  it('name the field or column header they did not find', () => {
    expect(onEmptyPage(typeInto('.xv-search input', 'Stub'))).toThrow(
      'no field .xv-search input on the page',
    );
    expect(onEmptyPage(sortByColumn('Title'))).toThrow('no Title column header on the page');
  });
});

/** Evaluates an in-page expression with the marks set so far and the alert shown, if any. */
function onPageWith(expression: string, marks: Record<string, number>, alert: string | null) {
  const evaluate = new Function('document', 'window', `return ${expression};`) as (
    ...args: unknown[]
  ) => unknown;
  const document = {
    querySelector: (selector: string) =>
      selector === '[role="alert"]' && alert !== null ? { textContent: `  ${alert}\n` } : null,
  };
  return evaluate(document, { __bench: { marks } });
}

describe("the viewer bench's wait for a load's mark", () => {
  it('names the alert shown instead of the mark, and nothing once the mark is there', () => {
    const expression = alertInsteadOf('pretty');
    expect(onPageWith(expression, {}, 'The call failed: 502 Bad Gateway')).toBe(
      'The call failed: 502 Bad Gateway',
    );
    expect(onPageWith(expression, { pretty: 412 }, 'a warning beside the lines')).toBeNull();
    expect(onPageWith(expression, {}, null)).toBeNull();
  });
});

describe("the viewer bench's in-page steps", () => {
  const never = new Promise<never>(() => undefined);

  it('fail, saying what the page still does, when it does not answer in time', async () => {
    // Scripts run, but no frame comes (a frame's probe never answers).
    const page = {
      evaluate: (expression: unknown) => (expression === '1' ? Promise.resolve(1) : never),
    };
    await expect(inPage(page as never, 'window.__waitForEver', 30, 20)).rejects.toThrow(
      'the page did not answer within 0.03 s (script: it runs a script; frames: no answer): window.__waitForEver',
    );
  });

  it('give what the page answers in time', async () => {
    const page = { evaluate: () => Promise.resolve(42) };
    await expect(inPage<number>(page as never, '6 * 7', 1_000, 20)).resolves.toBe(42);
  });
});
