/** A V8 CPU profile's nodes by id, each node's parent, and a frame's name, for the profile readers. */
import type { CpuProfile, ProfileNode } from '../cpu-profile.ts';

/**
 * @example const { byId, parent, nameOf } = profileTree(profile); nameOf(byId.get(id)!) // 'render chunk.js:12'
 */
export function profileTree(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  /** The function and where it stands: `name file.js:line`, or `(anonymous)`. */
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${url.split('/').pop()}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'}${where}`;
  };
  return { byId, parent, nameOf };
}
