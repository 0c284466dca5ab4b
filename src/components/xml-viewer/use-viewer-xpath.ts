import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { nodePath, withHashParam } from '../../xml/node-path.ts';
import { NODE_ELEMENT, type XmlTreeIndex } from '../../xml/xml-index.ts';
import { ExactPaths } from '../../xml/xpath/exact-path.ts';
import { prepareXPathDocument, type XPathDocument } from '../../xml/xpath/xpath-document.ts';
import type { ViewTab } from './view-tabs.tsx';
import { createXPathRunner } from '../../workers/xpath/xpath-worker-client.ts';

/**
 * What the viewer needs for XPath once the tree index exists: the namespace bindings and exact
 * paths on the page, the worker runner (started on the first query), revealing a result in Tree
 * or Pretty, "Copy XPath", and the query in the hash.
 *
 * The bindings take one pass over the index (20–40 ms at 10 MB, in a render), so they are made
 * when XPath is first shown (`shown`) or a path is first copied, not when the index arrives, where
 * that pass would be a long task of every large load.
 */
export function useViewerXPath({
  xml,
  readPayload,
  index,
  shown,
  copy,
  announce,
  onSelectPath,
  onShowTab,
  onRevealLine,
}: {
  /** Null while the payload's text is not on the page (read for Tree and XPath only). */
  xml: string | null;
  /**
   * Reads the payload's text when a path is copied without it (from the Table, which does not
   * hold the text): the exact path needs the namespaces declared in it.
   */
  readPayload: () => Promise<string>;
  index: XmlTreeIndex | null;
  /** Whether the XPath view is on screen: once it has been, its panel stays ready. */
  shown: boolean;
  copy: (text: string, what: string) => Promise<void>;
  /** Says what went wrong where a copy could not be made. */
  announce: (message: string) => void;
  onSelectPath: (path: string) => void;
  onShowTab: (tab: ViewTab) => void;
  onRevealLine: (reveal: { line: number }) => void;
}) {
  const prepared = useMemo(
    () => (index && xml !== null ? preparedOnDemand(xml, index) : null),
    [xml, index],
  );
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  const document = useMemo(
    () => (opened ? (prepared?.document() ?? null) : null),
    [opened, prepared],
  );
  const runner = useMemo(
    () => (index && xml !== null ? createXPathRunner(xml, index) : null),
    [xml, index],
  );
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
  // Prepared from a text read for a copied path alone, for the index it was read with.
  const readForCopy = useRef<{
    index: XmlTreeIndex;
    prepared: Promise<ReturnType<typeof preparedOnDemand>>;
  } | null>(null);
  const copyXPath = useCallback(
    (node: number) => {
      if (!index) return;
      const ready = async () => {
        if (prepared) return prepared;
        if (readForCopy.current?.index !== index) {
          const reading = readPayload().then((text) => preparedOnDemand(text, index));
          readForCopy.current = { index, prepared: reading };
        }
        return readForCopy.current.prepared;
      };
      void ready().then(
        (using) => {
          const target = using.document().document.node(node);
          if (target) return copy(using.exactPaths().of(target), 'the XPath of this node');
        },
        (error: unknown) =>
          announce(
            `The XPath of this node could not be made: the payload could not be read (${error instanceof Error ? error.message : String(error)}).`,
          ),
      );
    },
    [index, prepared, readPayload, copy, announce],
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

/** The XPath document and its exact paths, each made on first use and kept. */
function preparedOnDemand(xml: string, index: XmlTreeIndex) {
  let document: XPathDocument | null = null;
  let exactPaths: ExactPaths | null = null;
  const prepare = () => (document ??= prepareXPathDocument(xml, index));
  return {
    document: prepare,
    exactPaths: () => (exactPaths ??= new ExactPaths(prepare().namespaces)),
  };
}
