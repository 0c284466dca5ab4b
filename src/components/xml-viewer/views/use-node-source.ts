import { useEffect, useState } from 'react';
import type { XmlTreeIndex } from '../../../xml/xml-index.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';

/** Where a node's text comes from: the viewer's worker, which keeps the payload. */
export type NodeSourceClient = Pick<ViewerWorkerClient, 'payloadSlices'>;

/**
 * The exact source of one node (its outer XML as received), sliced by the viewer's worker at the
 * index's offsets: the page holds the index, not the payload.
 * @example onCopy(await readNodeSource(client, index, focusedNode), 'this node')
 */
export async function readNodeSource(
  client: NodeSourceClient,
  index: XmlTreeIndex,
  node: number,
): Promise<string> {
  const [source = ''] = await client.payloadSlices([
    [index.start[node] ?? 0, index.end[node] ?? 0],
  ]);
  return source;
}

/**
 * `readNodeSource` for a view: null while the source is on its way, and for no node (-1).
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
    void readNodeSource(client, index, node).then(
      (source) => current && setRead({ node, index, source }),
    );
    return () => {
      current = false;
    };
  }, [client, index, node]);
  return read && read.node === node && read.index === index ? read.source : null;
}
