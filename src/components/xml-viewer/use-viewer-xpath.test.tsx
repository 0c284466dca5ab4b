import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { analyzeXml } from '../../xml/analyze-xml.ts';
import { useViewerXPath } from './use-viewer-xpath.ts';

const xml = '<AssetStubs xmlns="urn:inode"><Stub ID="1"><Title>a</Title></Stub></AssetStubs>';
const { index } = analyzeXml(xml, { emitPretty: false });

function renderXPath(shown: boolean, text: string | null = xml) {
  const copy = vi.fn(async (_text: string, _what: string) => {});
  const readPayload = vi.fn(() => Promise.resolve(xml));
  const announce = vi.fn();
  const hook = renderHook(
    ({ visible }: { visible: boolean }) =>
      useViewerXPath({
        xml: text,
        readPayload,
        announce,
        index,
        shown: visible,
        copy,
        onSelectPath: () => {},
        onShowTab: () => {},
        onRevealLine: () => {},
      }),
    { initialProps: { visible: shown } },
  );
  return { ...hook, copy, readPayload, announce };
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

  it('copies a node’s XPath before XPath was ever shown', async () => {
    const { result, copy } = renderXPath(false);
    const title = index!.firstChild[index!.firstChild[index!.firstChild[0]!]!]!;
    result.current.copyXPath(title);
    // The default namespace's alias, which only the prepared document knows.
    await waitFor(() =>
      expect(copy).toHaveBeenCalledWith(
        '/d:AssetStubs[1]/d:Stub[1]/d:Title[1]',
        'the XPath of this node',
      ),
    );
    expect(result.current.document).toBeNull();
  });

  it("reads the payload to copy a node's XPath where the page does not hold its text (Table)", async () => {
    const { result, copy, readPayload } = renderXPath(false, null);
    const title = index!.firstChild[index!.firstChild[index!.firstChild[0]!]!]!;
    result.current.copyXPath(title);
    await waitFor(() =>
      expect(copy).toHaveBeenCalledWith(
        '/d:AssetStubs[1]/d:Stub[1]/d:Title[1]',
        'the XPath of this node',
      ),
    );
    result.current.copyXPath(index!.firstChild[0]!);
    await waitFor(() => expect(copy).toHaveBeenCalledTimes(2));
    expect(readPayload).toHaveBeenCalledTimes(1);
  });

  it('says so when the payload cannot be read for a path', async () => {
    const { result, copy, readPayload, announce } = renderXPath(false, null);
    readPayload.mockRejectedValueOnce(new Error('the Blob is gone'));
    result.current.copyXPath(1);
    await waitFor(() =>
      expect(announce).toHaveBeenCalledWith(expect.stringContaining('the Blob is gone')),
    );
    expect(copy).not.toHaveBeenCalled();
  });
});
