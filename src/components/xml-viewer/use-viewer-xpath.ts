import { useCallback, useEffect, useMemo, useState } from 'react';
import { nodePath, withHashParam } from '../../xml/node-path.ts';
import { NODE_ELEMENT, type XmlTreeIndex } from '../../xml/xml-index.ts';
import type { XPathNamespaces } from '../../xml/xpath/xpath-document.ts';
import type { ViewTab } from './view-tabs.tsx';
import { createXPathRunner, type XPathRunner } from '../../workers/xpath/xpath-worker-client.ts';
import { errorMessage } from '../../text/error-message.ts';

/**
 * What the viewer needs for XPath once the tree index exists: the XPath worker (started when
 * XPath is first shown or a path first copied), which reads the payload itself, so the page
 * need not hold its text; the namespaces the panel shows; revealing a result in Tree or Pretty;
 * "Copy XPath"; and the query in the hash.
 */
export function useViewerXPath({
  payload,
  index,
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
  index: XmlTreeIndex | null;
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
    () => (index && payload !== null ? createXPathRunner(payload, index) : null),
    [payload, index],
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
      if (!index) return;
      const element = index.kind[node] === NODE_ELEMENT ? node : (index.parent[node] ?? 0);
      onSelectPath(nodePath(index, element));
      setTreeKey((k) => k + 1);
      onShowTab('tree');
    },
    [index, onSelectPath, onShowTab],
  );
  const revealInPretty = useCallback(
    (node: number) => {
      if (!index) return;
      onRevealLine({ line: index.line[node] ?? 0 });
      onShowTab('pretty');
    },
    [index, onRevealLine, onShowTab],
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
