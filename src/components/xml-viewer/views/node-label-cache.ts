/**
 * The Tree's row labels the page holds, made by the viewer's worker (which holds the payload and
 * its index) for the rows on screen: the page holds neither the payload nor a label per node.
 */
import type { NodeLabel } from '../../../xml/node-label.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import { FetchedWindow } from '../../virtual-rows/fetched-window.ts';

/** Where the labels come from: the viewer's worker. */
export type NodeLabelClient = Pick<ViewerWorkerClient, 'nodeLabels'>;

/** A few screens' worth many times over; each label is a few hundred characters at most. */
export const MAX_LABELS = 4000;

export class NodeLabelCache extends FetchedWindow<NodeLabel> {
  /** @param onLoaded called when labels arrive (the view re-renders) */
  constructor(client: NodeLabelClient | null, onLoaded: () => void, maxLabels = MAX_LABELS) {
    super(client && ((nodes) => client.nodeLabels(nodes)), onLoaded, maxLabels);
  }

  /** The node's label, or undefined while it is being fetched. */
  label(node: number): NodeLabel | undefined {
    return this.get(node);
  }
}
