import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayloadFacts } from './payload-facts.tsx';
import type { AnalysisResult } from '../../workers/viewer/viewer-worker-protocol.ts';

function result(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    charLength: 10,
    byteLength: 2_500_000,
    prettyLineCount: 1,
    foldEnd: new Int32Array(1),
    indexNodeCount: null,
    table: null,
    indexPending: false,
    escaping: {
      doubleEscapedTextNodes: 0,
      escapedMarkupTextNodes: 0,
      markupInCdataNodes: 0,
      firstOffset: -1,
      payloadIsEscapedXml: false,
    },
    topLevelElementCount: 1,
    indexRefusedReason: null,
    syntaxError: null,
    characterProblems: { first: [], count: 0 },
    analyzeMs: 12,
    indexMs: 0,
    ...overrides,
  };
}

describe('PayloadFacts', () => {
  it.each([
    ['xml', 'literal XML'],
    ['escaped', 'escaped text'],
    ['cdata', 'a CDATA section'],
  ] as const)('names the form %s', (form, words) => {
    render(
      <PayloadFacts form={form} result={result()} decodedAgain={false} onDecodeAgain={() => {}} />,
    );
    expect(screen.getByText(words)).toBeInTheDocument();
    expect(screen.getByText(/2\.4 MB · 1 lines pretty-printed/)).toBeInTheDocument();
  });

  it('flags double and mixed escaping with counts', () => {
    const escaping = {
      doubleEscapedTextNodes: 2,
      escapedMarkupTextNodes: 3,
      markupInCdataNodes: 1,
      firstOffset: 5,
      payloadIsEscapedXml: false,
    };
    render(
      <PayloadFacts
        form="escaped"
        result={result({ escaping })}
        decodedAgain={false}
        onDecodeAgain={() => {}}
      />,
    );
    const warnings = screen.getByRole('list', { name: 'Escaping warnings' });
    expect(warnings).toHaveTextContent('Double escaping: 2 text node(s)');
    expect(warnings).toHaveTextContent('&amp;lt;');
    expect(warnings).toHaveTextContent('Mixed escaping: 3 text node(s) hold escaped markup');
    expect(warnings).toHaveTextContent('1 CDATA section(s) hold markup');
  });

  it('says how many characters XML cannot carry and where the first is', () => {
    render(
      <PayloadFacts
        form="xml"
        result={result({
          characterProblems: {
            first: [
              'The character reference &#x1; names a character XML 1.0 does not allow (line 3, column 9)',
            ],
            count: 4,
          },
        })}
        decodedAgain={false}
        onDecodeAgain={() => {}}
      />,
    );
    expect(screen.getByRole('list', { name: 'Escaping warnings' })).toHaveTextContent(
      'Not XML 1.0: 4 character(s) XML cannot carry, shown as sent. First: The character reference &#x1; names a character XML 1.0 does not allow (line 3, column 9).',
    );
  });

  it('offers to decode a payload that is escaped XML as a whole, once', async () => {
    const onDecodeAgain = vi.fn();
    const escaping = { ...result().escaping!, payloadIsEscapedXml: true };
    const { rerender } = render(
      <PayloadFacts
        form="escaped"
        result={result({ escaping })}
        decodedAgain={false}
        onDecodeAgain={onDecodeAgain}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('the whole payload is still escaped XML');
    await userEvent.click(screen.getByRole('button', { name: 'Decode once more' }));
    expect(onDecodeAgain).toHaveBeenCalledOnce();
    rerender(
      <PayloadFacts
        form="escaped"
        result={result({ escaping })}
        decodedAgain
        onDecodeAgain={onDecodeAgain}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/then decoded once more here/)).toBeInTheDocument();
  });
});
