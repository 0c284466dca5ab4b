import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { analyzeXml } from '../../xml/analyze-xml.ts';
import { useViewerXPath } from './use-viewer-xpath.ts';

const xml = '<AssetStubs xmlns="urn:inode"><Stub ID="1"><Title>a</Title></Stub></AssetStubs>';
const { index } = analyzeXml(xml, { emitPretty: false });

function renderXPath(shown: boolean) {
  const copy = vi.fn(async (_text: string, _what: string) => {});
  const hook = renderHook(
    ({ visible }: { visible: boolean }) =>
      useViewerXPath({
        xml,
        index,
        shown: visible,
        copy,
        onSelectPath: () => {},
        onShowTab: () => {},
        onRevealLine: () => {},
      }),
    { initialProps: { visible: shown } },
  );
  return { ...hook, copy };
}

describe('useViewerXPath', () => {
  it('prepares the XPath document only once XPath is shown, and keeps it after', () => {
    const { result, rerender } = renderXPath(false);
    expect(result.current.document).toBeNull();
    rerender({ visible: true });
    expect(result.current.document?.defaultAlias).toBe('d');
    expect(result.current.document?.namespaces).toEqual({ d: 'urn:inode' });
    rerender({ visible: false });
    expect(result.current.document).not.toBeNull();
  });

  it('copies a node’s XPath before XPath was ever shown', () => {
    const { result, copy } = renderXPath(false);
    const title = index!.firstChild[index!.firstChild[index!.firstChild[0]!]!]!;
    result.current.copyXPath(title);
    // The default namespace's alias, which only the prepared document knows.
    expect(copy).toHaveBeenCalledWith(
      '/d:AssetStubs[1]/d:Stub[1]/d:Title[1]',
      'the XPath of this node',
    );
    expect(result.current.document).toBeNull();
  });
});
