/**
 * The Tree view: an ARIA tree over a copy of the worker's tree structure; the rows' labels and a
 * node's source come from the worker, which holds the text. Only expanded elements contribute
 * rows (children are listed when their parent is opened), and the rows are virtualized, so a
 * root with 100,000 records opens instantly. Focus follows aria-activedescendant on the tree.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { sizedAfterLayout } from '../../virtual-rows/rect-after-layout.ts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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

const ROW_HEIGHT = 24;

interface TreeRow {
  node: number;
  depth: number;
  /** 1-based position among its siblings and their count (aria-posinset / aria-setsize). */
  position: number;
  siblings: number;
}

function flatten(index: XmlTreeStructure, expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (parent: number, depth: number) => {
    const siblings = index.childCount[parent] ?? 0;
    let position = 0;
    for (let c = index.firstChild[parent] ?? -1; c !== -1; c = index.nextSibling[c] ?? -1) {
      position += 1;
      rows.push({ node: c, depth, position, siblings });
      if (expanded.has(c) && isExpandable(index, c)) visit(c, depth + 1);
    }
  };
  visit(0, 1);
  return rows;
}

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
  client: (NodeSourceClient & NodeLabelClient) | null;
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
  const rows = useMemo(() => flatten(index, expanded), [index, expanded]);
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
  const rowOf = useMemo(() => {
    const map = new Map<number, number>();
    rows.forEach((row, i) => map.set(row.node, i));
    return map;
  }, [rows]);
  const focusedRow = rowOf.get(focused) ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer is mutable by design and this component does not rely on compiler memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
    // Matches xml-viewer.css's `.xv-tree-scroll` height.
    ...sizedAfterLayout({ share: 0.65 }),
  });

  useEffect(() => {
    virtualizer.scrollToIndex(focusedRow, { align: 'auto' });
  }, [focusedRow, virtualizer]);

  const initialSelection = useRef(selectedNode);
  useEffect(() => {
    if (initialSelection.current >= 0) {
      virtualizer.scrollToIndex(rowOf.get(initialSelection.current) ?? 0, { align: 'center' });
      scrollRef.current?.focus();
    }
  }, [virtualizer, rowOf]);

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
    const row = rows[focusedRow];
    if (!row) return;
    const node = row.node;
    const expandable = isExpandable(index, node);
    const isOpen = expanded.has(node);
    const moveTo = (i: number) => {
      const target = rows[Math.min(Math.max(i, 0), rows.length - 1)];
      if (target) focus(target.node);
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

  const focusedNode = rows[focusedRow]?.node ?? -1;
  const items = virtualizer.getVirtualItems();
  // The labels of the rows on screen (and the overscan), fetched after each render that shows
  // rows without one.
  useEffect(() => {
    const nodes: number[] = [];
    for (const item of items) {
      const node = rows[item.index]?.node;
      if (node !== undefined) nodes.push(node);
    }
    labels.want(nodes);
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
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const expandable = isExpandable(index, row.node);
            const isOpen = expanded.has(row.node);
            return (
              <div
                key={row.node}
                id={rowId(row.node)}
                role="treeitem"
                aria-level={row.depth}
                aria-posinset={row.position}
                aria-setsize={row.siblings}
                aria-expanded={expandable ? isOpen : undefined}
                aria-selected={row.node === focusedNode}
                className="xv-tree-row"
                style={{
                  transform: `translateY(${item.start}px)`,
                  height: ROW_HEIGHT,
                  paddingLeft: `${(row.depth - 1) * 1.25}rem`,
                }}
                onClick={() => {
                  focus(row.node);
                  if (expandable) toggle(row.node);
                }}
              >
                <span className="xv-twisty" aria-hidden="true">
                  {expandable ? (isOpen ? '▾' : '▸') : ''}
                </span>
                <NodeLabel index={index} node={row.node} label={labels.label(row.node)} />
                {expandable && !isOpen && (
                  <span className="xv-muted">
                    {' '}
                    {formatCount(index.elementChildCount[row.node] ?? 0)} children
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
