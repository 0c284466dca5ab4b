/**
 * The Tree view: an ARIA tree over a copy of the worker's tree structure; the rows' labels and a
 * node's source come from the worker, which holds the text. Only expanded elements contribute
 * rows (children are listed when their parent is opened), and the rows are virtualized, so a
 * root with 100,000 records opens instantly. Focus follows aria-activedescendant on the tree.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import { useRowWindow } from '../../virtual-rows/use-row-window.ts';
import { rowOfNode, treeRows } from './tree-rows.ts';
import { isExpandable, type NodeLabel as Label } from '../../../xml/node-label.ts';
import { nodePath } from '../../../xml/node-path.ts';
import {
  NODE_ELEMENT,
  nodeName,
  rootElement,
  type XmlTreeStructure,
} from '../../../xml/xml-index.ts';
import { formatCount } from '../format-count.ts';
import { NodeLabelCache, type NodeLabelClient } from './node-label-cache.ts';
import type { NodeSourceClient } from './use-node-source.ts';

/** Matches xml-viewer.css's `.xv-tree-row` height. */
const ROW_HEIGHT = 24;
/** Matches xml-viewer.css's `.xv-tree-scroll` height (65vh). */
const VIEWPORT_SHARE = 0.65;
const OVERSCAN = 15;

/**
 * A node's row. While its label is on its way from the worker, an element shows its name (from
 * the index) and any other node an ellipsis.
 */
function NodeLabel({
  index,
  node,
  label,
}: {
  index: XmlTreeStructure;
  node: number;
  label: Label | undefined;
}) {
  if (!label) {
    if (index.kind[node] !== NODE_ELEMENT) return <span className="xv-muted">…</span>;
    return (
      <>
        <span className="xv-punct">&lt;</span>
        <span className="xv-tag">{nodeName(index, node)}</span>
      </>
    );
  }
  if (label.kind !== 'element') {
    if (label.kind === 'markup') return <span className="xv-comment">{label.text}</span>;
    return (
      <span className="xv-text">
        {label.kind === 'cdata' && <span className="xv-punct">CDATA </span>}
        {label.text}
      </span>
    );
  }
  return (
    <>
      <span className="xv-punct">&lt;</span>
      <span className="xv-tag">{label.name}</span>
      {label.attributes.map(([attr, value], i) => (
        <span key={i}>
          {' '}
          <span className="xv-attr">{attr}</span>
          <span className="xv-punct">=&quot;</span>
          <span className="xv-value">{value}</span>
          <span className="xv-punct">&quot;</span>
        </span>
      ))}
      <span className="xv-punct">{label.empty ? '/>' : '>'}</span>
      {label.text !== null && (
        <>
          <span className="xv-text">{label.text}</span>
          <span className="xv-punct">&lt;/</span>
          <span className="xv-tag">{label.name}</span>
          <span className="xv-punct">&gt;</span>
        </>
      )}
    </>
  );
}

function ancestorsOf(index: XmlTreeStructure, node: number): number[] {
  const ancestors: number[] = [];
  for (let n = index.parent[node] ?? 0; n > 0; n = index.parent[n] ?? 0) ancestors.push(n);
  return ancestors;
}

export default function TreeView({
  client,
  index,
  selectedNode,
  onSelectPath,
  onCopy,
  onCopyXPath,
  onShowInPretty,
}: {
  /** The viewer's worker, which holds the payload: the rows' texts are sliced there. */
  client: (NodeSourceClient & NodeLabelClient & Pick<ViewerWorkerClient, 'pageScrolling'>) | null;
  /** The tree's structure, copied from the worker's index. */
  index: XmlTreeStructure;
  /** A deep-linked node to open and focus, or -1. */
  selectedNode: number;
  onSelectPath: (path: string) => void;
  onCopy: (text: string, what: string) => Promise<void>;
  /** Copies an XPath that selects exactly this node. */
  onCopyXPath: (node: number) => void;
  onShowInPretty: (line: number) => void;
}) {
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [expanded, setExpanded] = useState<Set<number>>(() => {
    const open = new Set<number>();
    const root = rootElement(index);
    if (root >= 0) open.add(root);
    if (selectedNode >= 0) for (const a of ancestorsOf(index, selectedNode)) open.add(a);
    return open;
  });
  const [focused, setFocused] = useState(() =>
    selectedNode >= 0 ? selectedNode : Math.max(rootElement(index), 1),
  );
  const rows = useMemo(() => treeRows(index, expanded), [index, expanded]);
  const [, setLabelsVersion] = useState(0);
  // A new structure is a new payload: none of the last one's labels hold.
  const labels = useMemo(
    () => new NodeLabelCache(client, () => setLabelsVersion((v) => v + 1)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, index],
  );
  useEffect(() => {
    labels.open();
    return () => labels.close();
  }, [labels]);
  const focusedRow = Math.max(
    0,
    useMemo(() => rowOfNode(rows, focused), [rows, focused]),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // Fixed-height rows: which are on screen follows from the scroll position alone, with no pass
  // over the rows (a root of 600,000 records opens without one).
  const { layout, scrollToRow } = useRowWindow(scrollRef, rows.length, ROW_HEIGHT, {
    viewportShare: VIEWPORT_SHARE,
    overscan: OVERSCAN,
    onScrolled: client?.pageScrolling,
  });

  useLayoutEffect(() => {
    scrollToRow(focusedRow, 'nearest');
  }, [focusedRow, scrollToRow]);

  // A deep-linked node opens in the middle of the view, focused, once.
  useLayoutEffect(() => {
    if (selectedNode >= 0) {
      scrollToRow(focusedRow, 'center');
      scrollRef.current?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (node: number, open?: boolean) => {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open ?? !next.has(node)) next.add(node);
      else next.delete(node);
      return next;
    });
  };

  const focus = (node: number) => {
    setFocused(node);
    if (index.kind[node] === NODE_ELEMENT) onSelectPath(nodePath(index, node));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (focusedRow >= rows.length) return;
    const node = rows.node[focusedRow] ?? 0;
    const expandable = isExpandable(index, node);
    const isOpen = expanded.has(node);
    const moveTo = (i: number) => {
      const target = rows.node[Math.min(Math.max(i, 0), rows.length - 1)];
      if (target !== undefined) focus(target);
    };
    switch (event.key) {
      case 'ArrowDown':
        moveTo(focusedRow + 1);
        break;
      case 'ArrowUp':
        moveTo(focusedRow - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'PageDown':
        moveTo(focusedRow + 20);
        break;
      case 'PageUp':
        moveTo(focusedRow - 20);
        break;
      case 'ArrowRight':
        if (expandable && !isOpen) toggle(node, true);
        else if (expandable) moveTo(focusedRow + 1);
        break;
      case 'ArrowLeft':
        if (expandable && isOpen) toggle(node, false);
        else if ((index.parent[node] ?? 0) > 0) focus(index.parent[node] ?? 0);
        break;
      case 'Enter':
      case ' ':
        if (expandable) toggle(node);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const focusedNode = rows.node[focusedRow] ?? -1;
  const shownRows: number[] = [];
  for (let row = layout.firstRow; row < layout.firstRow + layout.rowCount; row++) {
    shownRows.push(row);
  }
  // The labels of the rows on screen (and the overscan), fetched after each render that shows
  // rows without one.
  useEffect(() => {
    labels.want(shownRows.map((row) => rows.node[row] ?? 0));
  });
  const rowId = (node: number) => `${idPrefix}-node-${node}`;

  return (
    <div className="xv-tree">
      {focusedNode >= 0 && (
        <div className="xv-toolbar">
          <span className="xv-path" title="Path of the focused node">
            {index.kind[focusedNode] === NODE_ELEMENT
              ? nodePath(index, focusedNode)
              : nodePath(index, index.parent[focusedNode] ?? 0)}
          </span>
          <button
            type="button"
            disabled={!client}
            onClick={() => {
              if (!client) return;
              void client.nodeSource(focusedNode).then((source) => onCopy(source, 'this node'));
            }}
          >
            Copy node
          </button>
          <button
            type="button"
            onClick={() => {
              const element =
                index.kind[focusedNode] === NODE_ELEMENT
                  ? focusedNode
                  : (index.parent[focusedNode] ?? 0);
              onSelectPath(nodePath(index, element));
              void onCopy(window.location.href, 'a link to this node');
            }}
          >
            Copy link
          </button>
          <button type="button" onClick={() => onCopyXPath(focusedNode)}>
            Copy XPath
          </button>
          <button type="button" onClick={() => onShowInPretty(index.line[focusedNode] ?? 0)}>
            Show in Pretty
          </button>
        </div>
      )}
      <div
        ref={scrollRef}
        role="tree"
        aria-label="DataStubs elements"
        tabIndex={0}
        aria-activedescendant={focusedNode >= 0 ? rowId(focusedNode) : undefined}
        className="xv-tree-scroll"
        onKeyDown={onKeyDown}
      >
        <div style={{ height: layout.spacerHeight, position: 'relative' }}>
          {shownRows.map((row) => {
            const node = rows.node[row] ?? 0;
            const depth = rows.depth[row] ?? 1;
            const expandable = isExpandable(index, node);
            const isOpen = expanded.has(node);
            return (
              <div
                key={node}
                id={rowId(node)}
                role="treeitem"
                aria-level={depth}
                aria-posinset={rows.position[row]}
                aria-setsize={rows.siblings[row]}
                aria-expanded={expandable ? isOpen : undefined}
                aria-selected={node === focusedNode}
                className="xv-tree-row"
                style={{
                  transform: `translateY(${layout.top + (row - layout.firstRow) * ROW_HEIGHT}px)`,
                  height: ROW_HEIGHT,
                  paddingLeft: `${(depth - 1) * 1.25}rem`,
                }}
                onClick={() => {
                  focus(node);
                  if (expandable) toggle(node);
                }}
              >
                <span className="xv-twisty" aria-hidden="true">
                  {expandable ? (isOpen ? '▾' : '▸') : ''}
                </span>
                <NodeLabel index={index} node={node} label={labels.label(node)} />
                {expandable && !isOpen && (
                  <span className="xv-muted">
                    {' '}
                    {formatCount(index.elementChildCount[node] ?? 0)} children
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
