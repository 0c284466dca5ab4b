/**
 * The Tree's row labels the page holds: those of the rows on screen and around them, made from
 * slices of the payload asked of the viewer's worker in one call per render, and forgotten least
 * recently used first, so the page holds neither the payload nor a label per node.
 */
import { labelRanges, nodeLabel, type NodeLabel } from '../../../xml/node-label.ts';
import type { XmlTreeIndex } from '../../../xml/xml-index.ts';
import type { NodeSourceClient } from './use-node-source.ts';

/** A few screens' worth many times over; each label is a few hundred characters at most. */
export const MAX_LABELS = 4000;

export class NodeLabelCache {
  private readonly labels = new Map<number, NodeLabel>();
  private readonly pending = new Set<number>();
  private closed = false;

  /** @param onLoaded called when labels arrive (the view re-renders) */
  constructor(
    private readonly client: NodeSourceClient | null,
    private readonly index: XmlTreeIndex,
    private readonly onLoaded: () => void,
    private readonly maxLabels = MAX_LABELS,
  ) {}

  /** The node's label, or undefined while it is being fetched. */
  label(node: number): NodeLabel | undefined {
    return this.labels.get(node);
  }

  /** Fetches, in one call, the labels of `nodes` that are neither held nor on their way. */
  want(nodes: Iterable<number>): void {
    if (!this.client || this.closed) return;
    const missing: number[] = [];
    for (const node of nodes) {
      const held = this.labels.get(node);
      if (held) {
        // Most recently used last: a Map iterates in insertion order.
        this.labels.delete(node);
        this.labels.set(node, held);
      } else if (!this.pending.has(node)) {
        missing.push(node);
        this.pending.add(node);
      }
    }
    if (missing.length === 0) return;
    const ranges = missing.map((node) => labelRanges(this.index, node));
    void this.client.payloadSlices(ranges.flat()).then(
      (slices) => {
        for (const node of missing) this.pending.delete(node);
        if (this.closed) return;
        let at = 0;
        missing.forEach((node, i) => {
          const count = ranges[i]?.length ?? 0;
          this.labels.set(node, nodeLabel(this.index, node, slices.slice(at, at + count)));
          at += count;
        });
        while (this.labels.size > this.maxLabels) {
          const oldest = this.labels.keys().next().value;
          if (oldest === undefined) break;
          this.labels.delete(oldest);
        }
        this.onLoaded();
      },
      () => {
        for (const node of missing) this.pending.delete(node);
      },
    );
  }

  /** Stops fetching (the view went away); labels on their way are dropped. */
  close(): void {
    this.closed = true;
  }

  /** Fetches again: the same view mounted again (React's StrictMode mounts twice). */
  open(): void {
    this.closed = false;
  }

  /** How many labels are held (tests). */
  get size(): number {
    return this.labels.size;
  }
}
