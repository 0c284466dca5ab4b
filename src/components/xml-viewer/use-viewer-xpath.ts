import { useCallback, useEffect, useMemo, useState } from 'react';
import { nodePath, withHashParam } from './core/node-path.ts';
import { NODE_ELEMENT, type XmlTreeIndex } from './core/xml-index.ts';
import { ExactPaths } from './core/xpath/exact-path.ts';
import { prepareXPathDocument } from './core/xpath/xpath-document.ts';
import type { ViewTab } from './view-tabs.tsx';
import { createXPathRunner } from './worker/xpath-worker-client.ts';

/**
 * What the viewer needs for XPath once the tree index exists: the namespace bindings and exact
 * paths on the page (cheap: one pass over the attributes), the worker runner (started on the
 * first query), revealing a result in Tree or Pretty, "Copy XPath", and the query in the hash.
 */
export function useViewerXPath({
  xml,
  index,
  copy,
  onSelectPath,
  onShowTab,
  onRevealLine,
}: {
  xml: string;
  index: XmlTreeIndex | null;
  copy: (text: string, what: string) => Promise<void>;
  onSelectPath: (path: string) => void;
  onShowTab: (tab: ViewTab) => void;
  onRevealLine: (reveal: { line: number }) => void;
}) {
  const document = useMemo(() => (index ? prepareXPathDocument(xml, index) : null), [xml, index]);
  const exactPaths = useMemo(
    () => (document ? new ExactPaths(document.namespaces) : null),
    [document],
  );
  const runner = useMemo(() => (index ? createXPathRunner(xml, index) : null), [xml, index]);
  useEffect(() => () => runner?.dispose(), [runner]);
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
      const target = document?.document.node(node);
      if (!target || !exactPaths) return;
      void copy(exactPaths.of(target), 'the XPath of this node');
    },
    [document, exactPaths, copy],
  );
  const rememberQuery = useCallback((query: string) => {
    window.history.replaceState(
      window.history.state,
      '',
      withHashParam(window.location.hash, 'xpath', query),
    );
  }, []);

  return { document, runner, treeKey, revealInTree, revealInPretty, copyXPath, rememberQuery };
}
