import { describe, expect, it } from 'vitest';
import { sortByColumn, typeInto } from './page.ts';

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
