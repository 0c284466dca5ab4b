import { useEffect, useState } from 'react';
import type { ViewerWorkerClient } from '../../workers/viewer/viewer-worker-client.ts';
import type { XmlTreeStructure } from '../../xml/xml-index.ts';

/**
 * A copy of the tree's structure from the viewer's worker, asked for the first time it is
 * `wanted` (the Tree shown, a link to a node followed) and kept for the payload: a page that
 * only shows Pretty or Table never holds it. Null while on its way, and without an indexed
 * payload (`client` null).
 * @example const structure = useTreeStructure(indexed ? client : null, tab === 'tree');
 */
export function useTreeStructure(
  client: Pick<ViewerWorkerClient, 'treeStructure'> | null,
  wanted: boolean,
): XmlTreeStructure | null {
  const [asked, setAsked] = useState<typeof client>(null);
  if (wanted && client && asked !== client) setAsked(client);
  const [loaded, setLoaded] = useState<{
    client: typeof client;
    structure: XmlTreeStructure | null;
  } | null>(null);
  useEffect(() => {
    if (!asked) return;
    let current = true;
    void asked
      .treeStructure()
      .then((structure) => current && setLoaded({ client: asked, structure }));
    return () => {
      current = false;
    };
  }, [asked]);
  return loaded && loaded.client === client ? loaded.structure : null;
}
