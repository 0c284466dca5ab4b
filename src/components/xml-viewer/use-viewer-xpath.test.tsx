import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { analyzeXml } from '../../xml/analyze-xml.ts';
import { copyIndex } from '../../xml/xml-index.ts';
import { nodePath } from '../../xml/node-path.ts';
import { FakeWorker } from '../../workers/fake-worker.test-helper.ts';
import { createXPathWorkerApi } from '../../workers/xpath/xpath-worker-api.ts';
import type { XPathWorkerApi } from '../../workers/xpath/xpath-worker-protocol.ts';
import type * as XPathClient from '../../workers/xpath/xpath-worker-client.ts';
import { useViewerXPath } from './use-viewer-xpath.ts';

// The XPath worker's API served on a channel, counting the payloads it loads.
const loads: Array<string | Blob> = [];
const workers: FakeWorker[] = [];
vi.mock('../../workers/xpath/xpath-worker-client.ts', async (original) => {
  const actual = await original<typeof XPathClient>();
  return {
    ...actual,
    createXPathRunner: (...[payload, index]: Parameters<typeof actual.createXPathRunner>) =>
      actual.createXPathRunner(payload, index, () => {
        const api = createXPathWorkerApi();
        const counting: XPathWorkerApi = {
          ...api,
          load: (loaded, loadedIndex) => {
            loads.push(loaded);
            return api.load(loaded, loadedIndex);
          },
        };
        const worker = new FakeWorker(counting);
        workers.push(worker);
        return worker as unknown as Worker;
      }),
  };
});

afterEach(() => {
  for (const worker of workers.splice(0)) worker.terminate();
  loads.length = 0;
});

const xml = '<AssetStubs xmlns="urn:inode"><Stub ID="1"><Title>a</Title></Stub></AssetStubs>';
const { index } = analyzeXml(xml, { emitPretty: false });
if (!index) throw new Error('no index');
// The viewer's worker holds the index: each XPath worker gets a copy of it.
const viewerClient = {
  treeIndex: () => Promise.resolve(copyIndex(index)),
  nodePlace: (node: number) => Promise.resolve({ path: nodePath(index, node), line: 0 }),
};

function renderXPath(shown: boolean, payload: string | null = xml) {
  const copy = vi.fn(async (_text: string, _what: string) => {});
  const announce = vi.fn();
  const hook = renderHook(
    ({ visible }: { visible: boolean }) =>
      useViewerXPath({
        payload,
        client: viewerClient,
        shown: visible,
        copy,
        announce,
        onSelectPath: () => {},
        onShowTab: () => {},
        onRevealLine: () => {},
      }),
    { initialProps: { visible: shown } },
  );
  return { ...hook, copy, announce };
}

describe('useViewerXPath', () => {
  it('starts the XPath worker only once XPath is shown, and keeps its namespaces after', async () => {
    const { result, rerender } = renderXPath(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toEqual([]);
    expect(result.current.namespaces).toBeNull();
    rerender({ visible: true });
    await waitFor(() => expect(result.current.namespaces?.defaultAlias).toBe('d'));
    expect(result.current.namespaces?.namespaces).toEqual({ d: 'urn:inode' });
    rerender({ visible: false });
    expect(result.current.namespaces).not.toBeNull();
    expect(loads).toEqual([xml]);
  });

  it('copies a node’s XPath, made in the worker, before XPath was ever shown', async () => {
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
    result.current.copyXPath(index!.firstChild[0]!);
    await waitFor(() => expect(copy).toHaveBeenCalledTimes(2));
    expect(loads).toHaveLength(1);
  });

  it('says so when a path cannot be made', async () => {
    const { result, copy, announce } = renderXPath(false);
    result.current.copyXPath(9999);
    await waitFor(() => expect(announce).toHaveBeenCalledWith(expect.stringContaining('9999')));
    expect(copy).not.toHaveBeenCalled();
  });

  it('has no worker while the payload is not at hand', () => {
    const { result } = renderXPath(true, null);
    expect(result.current.runner).toBeNull();
  });
});
