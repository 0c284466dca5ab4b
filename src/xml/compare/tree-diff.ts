/**
 * Structural diff of two meaning trees: elements pair by name and occurrence among their
 * siblings (`Stub[3]`), so an insertion shifts only that name's later siblings.
 */
import type { MeaningElement, MeaningNode } from './xml-meaning-tree.ts';

export interface TreeDifference {
  /** XPath-like: /AssetStubs/Stub[3]/@MediaType, /A/B[2]/text() */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  left: string | null;
  right: string | null;
}

const localName = (name: string) => name.slice(name.lastIndexOf('}') + 1);

function textOf(node: MeaningElement): string {
  return node.children.map((c) => (c.kind === 'text' ? c.value : '')).join('');
}

function summary(node: MeaningNode): string {
  if (node.kind === 'text') return node.value;
  const attributes = node.attributes.map((a) => ` ${localName(a.name)}="${a.value}"`).join('');
  return `<${localName(node.name)}${attributes}>`;
}

function stepsOf(children: readonly MeaningNode[]): Map<string, MeaningElement> {
  const counts = new Map<string, number>();
  const steps = new Map<string, MeaningElement>();
  for (const child of children) {
    if (child.kind !== 'element') continue;
    const n = (counts.get(child.name) ?? 0) + 1;
    counts.set(child.name, n);
    steps.set(`${child.name}[${n}]`, child);
  }
  return steps;
}

function stepText(step: string): string {
  const bracket = step.lastIndexOf('[');
  return `${localName(step.slice(0, bracket))}${step.slice(bracket)}`;
}

function walk(
  left: MeaningElement,
  right: MeaningElement,
  path: string,
  out: TreeDifference[],
  limit: number,
): void {
  if (out.length >= limit) return;
  const leftAttributes = new Map(left.attributes.map((a) => [a.name, a.value]));
  const rightAttributes = new Map(right.attributes.map((a) => [a.name, a.value]));
  for (const [name, value] of leftAttributes) {
    const other = rightAttributes.get(name);
    if (other === undefined)
      out.push({ path: `${path}/@${localName(name)}`, kind: 'removed', left: value, right: null });
    else if (other !== value)
      out.push({ path: `${path}/@${localName(name)}`, kind: 'changed', left: value, right: other });
  }
  for (const [name, value] of rightAttributes) {
    if (!leftAttributes.has(name))
      out.push({ path: `${path}/@${localName(name)}`, kind: 'added', left: null, right: value });
  }
  const leftText = textOf(left);
  const rightText = textOf(right);
  if (leftText !== rightText) {
    out.push({
      path: `${path}/text()`,
      kind: leftText === '' ? 'added' : rightText === '' ? 'removed' : 'changed',
      left: leftText || null,
      right: rightText || null,
    });
  }
  const leftSteps = stepsOf(left.children);
  const rightSteps = stepsOf(right.children);
  for (const [step, child] of leftSteps) {
    const other = rightSteps.get(step);
    const childPath = `${path}/${stepText(step)}`;
    if (other) walk(child, other, childPath, out, limit);
    else out.push({ path: childPath, kind: 'removed', left: summary(child), right: null });
  }
  for (const [step, child] of rightSteps) {
    if (!leftSteps.has(step))
      out.push({
        path: `${path}/${stepText(step)}`,
        kind: 'added',
        left: null,
        right: summary(child),
      });
  }
}

/**
 * At most `limit` differences (default 10,000): enough to read, bounded for huge documents.
 * @example diffTrees(parseMeaning(a)[0], parseMeaning(b)[0])
 */
export function diffTrees(
  left: MeaningElement,
  right: MeaningElement,
  limit = 10_000,
): TreeDifference[] {
  const out: TreeDifference[] = [];
  if (left.name !== right.name) {
    return [{ path: '/', kind: 'changed', left: summary(left), right: summary(right) }];
  }
  walk(left, right, `/${localName(left.name)}`, out, limit);
  return out.slice(0, limit);
}
