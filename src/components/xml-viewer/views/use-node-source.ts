import { useEffect, useState } from 'react';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';

/** Where a node's source and path come from: the viewer's worker, which keeps the payload and its index. */
export type NodeSourceClient = Pick<ViewerWorkerClient, 'nodeSource' | 'nodePlace'>;

/** One string the worker answers about a node: null while on its way, and for no node (-1). */
function useNodeAnswer(
  client: NodeSourceClient | null,
  node: number,
  ask: (client: NodeSourceClient, node: number) => Promise<string>,
): string | null {
  const [answer, setAnswer] = useState<{
    client: NodeSourceClient;
    node: number;
    text: string;
  } | null>(null);
  useEffect(() => {
    if (!client || node < 0) return;
    let current = true;
    void ask(client, node).then((text) => current && setAnswer({ client, node, text }));
    return () => {
      current = false;
    };
  }, [client, node, ask]);
  return answer && answer.node === node && answer.client === client ? answer.text : null;
}

const askSource = (client: NodeSourceClient, node: number) => client.nodeSource(node);
const askPath = (client: NodeSourceClient, node: number) =>
  client.nodePlace(node).then((place) => place.path);

/**
 * The exact source of one node (its outer XML as received), sliced by the viewer's worker.
 * @example const source = useNodeSource(client, selectedNode);
 */
export function useNodeSource(client: NodeSourceClient | null, node: number): string | null {
  return useNodeAnswer(client, node, askSource);
}

/**
 * The path of a node's element, made by the viewer's worker.
 * @example const path = useNodePath(client, selectedNode); // '/AssetStubs/Stub[4]'
 */
export function useNodePath(client: NodeSourceClient | null, node: number): string | null {
  return useNodeAnswer(client, node, askPath);
}
