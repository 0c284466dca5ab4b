import { useEffect, useState } from 'react';
import type { XmlTreeIndex } from '../../../xml/xml-index.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';

/** Where a node's text comes from: the viewer's worker, which keeps the payload. */
export type NodeSourceClient = Pick<ViewerWorkerClient, 'payloadSlices'>;

/**
 * The exact source of one node (its outer XML as received), asked of the viewer's worker by the
 * index's offsets: the page holds the index, not the payload. Null while it is on its way, and
 * for no node (-1).
 * @example const source = useNodeSource(client, index, selectedNode);
 */
export function useNodeSource(
  client: NodeSourceClient | null,
  index: XmlTreeIndex | null,
  node: number,
): string | null {
  const [read, setRead] = useState<{ node: number; index: XmlTreeIndex; source: string } | null>(
    null,
  );
  useEffect(() => {
    if (!client || !index || node < 0) return;
    let current = true;
    void client
      .payloadSlices([[index.start[node] ?? 0, index.end[node] ?? 0]])
      .then(([source = '']) => current && setRead({ node, index, source }));
    return () => {
      current = false;
    };
  }, [client, index, node]);
  return read && read.node === node && read.index === index ? read.source : null;
}
