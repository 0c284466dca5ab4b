import { useCallback, useEffect, useMemo, useState } from 'react';
import { withHashParam } from '../../xml/node-path.ts';
import type { XPathNamespaces } from '../../xml/xpath/xpath-document.ts';
import type { ViewTab } from './view-tabs.tsx';
import { createXPathRunner, type XPathRunner } from '../../workers/xpath/xpath-worker-client.ts';
import type { ViewerWorkerClient } from '../../workers/viewer/viewer-worker-client.ts';
import { errorMessage } from '../../text/error-message.ts';

/**
 * What the viewer needs for XPath once the tree index exists: the XPath worker (started when
 * XPath is first shown or a path first copied), which reads the payload itself and gets a copy
 * of the index from the viewer's worker, so the page holds neither; the namespaces the panel
 * shows; revealing a result in Tree or Pretty; "Copy XPath"; and the query in the hash.
 */
export function useViewerXPath({
  payload,
  client,
  shown,
  copy,
  announce,
  onSelectPath,
  onShowTab,
  onRevealLine,
}: {
  /**
   * The text the index was built on, or a held payload's Blob of it; null while it is not at
   * hand (a payload decoded once more on the page, still being read).
   */
  payload: string | Blob | null;
  /** The viewer's worker once the payload is indexed (it holds the index), else null. */
  client: Pick<ViewerWorkerClient, 'treeIndex' | 'nodePlace'> | null;
  /** Whether the XPath view is on screen: once it has been, its panel stays ready. */
  shown: boolean;
  copy: (text: string, what: string) => Promise<void>;
  /** Says what went wrong where a path could not be made. */
  announce: (message: string) => void;
  onSelectPath: (path: string) => void;
  onShowTab: (tab: ViewTab) => void;
  onRevealLine: (reveal: { line: number }) => void;
}) {
  const runner = useMemo(
    () =>
      client && payload !== null ? createXPathRunner(payload, () => client.treeIndex()) : null,
    [payload, client],
  );
  useEffect(() => () => runner?.dispose(), [runner]);
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  const [loaded, setLoaded] = useState<{
    runner: XPathRunner;
    namespaces: XPathNamespaces | null;
    failure: string | null;
  } | null>(null);
  useEffect(() => {
    if (!opened || !runner) return;
    let current = true;
    runner.namespaces().then(
      (namespaces) => current && setLoaded({ runner, namespaces, failure: null }),
      (error: unknown) =>
        current && setLoaded({ runner, namespaces: null, failure: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [opened, runner]);
  const ready = loaded?.runner === runner ? loaded : null;
  // A new key remounts the Tree, which opens and focuses the selected node on mount.
  const [treeKey, setTreeKey] = useState(0);

  const revealInTree = useCallback(
    (node: number) => {
      if (!client) return;
      void client.nodePlace(node).then(({ path }) => {
        onSelectPath(path);
        setTreeKey((k) => k + 1);
        onShowTab('tree');
      });
    },
    [client, onSelectPath, onShowTab],
  );
  const revealInPretty = useCallback(
    (node: number) => {
      if (!client) return;
      void client.nodePlace(node).then(({ line }) => {
        onRevealLine({ line });
        onShowTab('pretty');
      });
    },
    [client, onRevealLine, onShowTab],
  );
  const copyXPath = useCallback(
    (node: number) => {
      if (!runner) return;
      runner.exactPath(node).then(
        (path) => copy(path, 'the XPath of this node'),
        (error: unknown) =>
          announce(`The XPath of this node could not be made: ${errorMessage(error)}`),
      );
    },
    [runner, copy, announce],
  );
  const rememberQuery = useCallback((query: string) => {
    window.history.replaceState(
      window.history.state,
      '',
      withHashParam(window.location.hash, 'xpath', query),
    );
  }, []);

  return {
    namespaces: ready?.namespaces ?? null,
    failure: ready?.failure ?? null,
    runner,
    treeKey,
    revealInTree,
    revealInPretty,
    copyXPath,
    rememberQuery,
  };
}
