/**
 * Makes the `xpath` library linear on large documents, by replacing a few of its exported
 * internals (the library exports its classes for this kind of extension):
 *
 * - The library's `XNodeSet.add` finds duplicates by scanning the whole set (quadratic: about 8 s
 *   for `//d:Stub[@MediaType='video']` over 3,000 stubs; goto100/xpath#97 and #108). Here a Set
 *   remembers the members, and a set whose nodes carry `documentOrder` (index-dom.ts) is put in
 *   document order by one sort instead of an AVL tree of `compareDocumentPosition` calls.
 * - The library copies the whole context into a new `XPathContext` for every predicate
 *   evaluation (three resolver objects made and dropped each time) and sets predicates up even
 *   for a step that found nothing, which `//x[p]` does for every node of the document. Here
 *   contexts are plain copies, and empty steps skip their predicates.
 * - The library's name test builds a node-type array and a closure for every node it looks at;
 *   this one tests the node's type directly.
 * - `[@name = 'literal']` is answered by reading the attributes, without the node-sets, strings
 *   and contexts the general evaluation makes for each node.
 * - `//x[p]` runs its predicates once per node of the document; without position() or last() in
 *   them it is evaluated as `descendant::x[p]` (the same nodes, one pass).
 *
 * Semantics are the library's: the replaced functions follow the originals line for line.
 */
import * as xpath from 'xpath';

interface NodeSet {
  tree: unknown;
  nodes: unknown[];
  size: number;
  members?: Set<unknown>;
  sorted?: unknown[] | null;
  add(node: unknown): void;
  addArray(nodes: readonly unknown[]): void;
  toArray(): unknown[];
  first(): unknown;
}

interface Context {
  contextNode: unknown;
  contextSize: number;
  contextPosition: number;
  extend(props: object): Context;
}

interface StepLike {
  axis: number;
  nodeTest: { type?: number };
  predicates: unknown[];
}

type Constructor = abstract new (...args: never[]) => unknown;

interface AttributeListLike {
  length: number;
  item(i: number): ({ nodeType: number; value: string } & object) | null;
}

interface Library {
  XNodeSet: { new (): NodeSet; prototype: NodeSet };
  XPathContext: { prototype: Context };
  PathExpr: {
    prototype: {
      evaluate(this: PathExprLike, c: Context): unknown;
    };
    applyStep(step: StepLike, xpc: Context, node: unknown): unknown[];
    applySteps(steps: StepLike[], xpc: Context, nodes: unknown[]): unknown[];
    applyLocationPath(locationPath: unknown, xpc: Context, nodes: unknown[]): unknown[];
    predicateMatches(predicate: unknown, c: Context): boolean;
  };
  NodeTest: {
    NODE: number;
    NameTestQName: { prototype: NameTest };
    nameSpaceMatches(prefix: string | null, xpc: Context, node: unknown): boolean;
    localNameMatches(localName: string, xpc: Context, node: unknown): boolean;
  };
  Step: Record<
    | 'ATTRIBUTE'
    | 'ANCESTOR'
    | 'ANCESTORORSELF'
    | 'PARENT'
    | 'PRECEDING'
    | 'PRECEDINGSIBLING'
    | 'CHILD'
    | 'DESCENDANT'
    | 'DESCENDANTORSELF',
    number
  > & { new (axis: number, nodeTest: unknown, predicates: unknown[]): StepLike };
  OrOperation: Constructor;
  AndOperation: Constructor;
  EqualsOperation: Constructor;
  NotEqualOperation: Constructor;
  LessThanOperation: Constructor;
  GreaterThanOperation: Constructor;
  LessThanOrEqualOperation: Constructor;
  GreaterThanOrEqualOperation: Constructor;
  FunctionCall: Constructor;
  XString: Constructor;
}

interface NameTest {
  prefix: string | null;
  localName: string;
  matches(this: NameTest, node: { nodeType: number | string }, xpc: Context): boolean;
}

interface PathExprLike {
  locationPath: unknown;
  applyFilter(c: Context, xpc: Context): { nodes: unknown[] } | { nonNodes: unknown };
}

const SMALL_SET = 16;

/** The library's nodeType for its namespace nodes. */
const NAMESPACE_NODE_TYPE = '__namespace';

const orderOf = (node: unknown): number | undefined =>
  (node as { documentOrder?: number } | null)?.documentOrder;

/** The nodes sorted by `documentOrder`, or null when some node has none. */
function byDocumentOrder(nodes: readonly unknown[]): unknown[] | null {
  let ordered = true;
  let previous = -Infinity;
  for (const node of nodes) {
    const order = orderOf(node);
    if (typeof order !== 'number') return null;
    if (order <= previous) ordered = false;
    previous = order;
  }
  return ordered
    ? nodes.slice()
    : nodes.slice().sort((a, b) => (orderOf(a) ?? 0) - (orderOf(b) ?? 0));
}

function library(): Library {
  // The classes are exported through an assign() that Node's CommonJS export detection does not
  // see, so from native ESM they are only on the default export.
  const module = xpath as unknown as Partial<Library> & { default?: Partial<Library> };
  const found = module.XNodeSet ? module : module.default;
  if (
    !found?.XNodeSet ||
    !found.XPathContext ||
    !found.PathExpr ||
    !found.Step ||
    !found.NodeTest
  ) {
    throw new Error('xpath: the classes this module speeds up are not exported any more');
  }
  return found as Library;
}

/** Whether an expression tree calls position() or last() anywhere. */
function mentionsPosition(expression: unknown, functionCall: Constructor, depth = 0): boolean {
  if (typeof expression !== 'object' || expression === null || depth > 200) return false;
  if (expression instanceof functionCall) {
    const name = String((expression as { functionName?: unknown }).functionName);
    if (name === 'position' || name === 'last') return true;
  }
  for (const value of Object.values(expression)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (mentionsPosition(child, functionCall, depth + 1)) return true;
    }
  }
  return false;
}

let installed = false;

/** Installs the replacements once. @example installXPathSpeedups() */
export function installXPathSpeedups(): void {
  if (installed) return;
  installed = true;
  // Not spread: a module namespace's exports need not be own enumerable properties.
  const lib = library();
  const PathExprClass = lib.PathExpr as unknown as Constructor;
  const NameTestClass = lib.NodeTest.NameTestQName as unknown as Constructor;
  const { XNodeSet, XPathContext, PathExpr, Step, NodeTest } = lib;
  const nodeSet = XNodeSet.prototype;
  const libraryToArray = nodeSet.toArray;
  const libraryFirst = nodeSet.first;

  nodeSet.add = function add(this: NodeSet, node) {
    // Most sets in a predicate hold a node or two: a Set only once a scan would cost more.
    if (!this.members && this.nodes.length < SMALL_SET) {
      if (this.nodes.includes(node)) return;
    } else {
      this.members ??= new Set(this.nodes);
      if (this.members.has(node)) return;
      this.members.add(node);
    }
    this.tree = null;
    this.sorted = null;
    this.nodes.push(node);
    this.size += 1;
  };
  nodeSet.toArray = function toArray(this: NodeSet) {
    if (!this.sorted || this.sorted.length !== this.nodes.length) {
      this.sorted = byDocumentOrder(this.nodes);
    }
    return this.sorted ? this.sorted.slice() : libraryToArray.call(this);
  };
  nodeSet.first = function first(this: NodeSet) {
    let best: unknown = null;
    let bestOrder = Infinity;
    for (const node of this.nodes) {
      const order = orderOf(node);
      if (typeof order !== 'number') return libraryFirst.call(this);
      if (order < bestOrder) {
        best = node;
        bestOrder = order;
      }
    }
    return best;
  };

  const copyContext = (from: Context, extra?: object): Context =>
    Object.assign(Object.create(XPathContext.prototype) as Context, from, extra);
  XPathContext.prototype.extend = function extend(this: Context, props) {
    return copyContext(this, props);
  };

  // PathExpr.prototype.evaluate, with a plain context copy.
  PathExpr.prototype.evaluate = function evaluate(this: PathExprLike, c) {
    const xpc = copyContext(c);
    const filtered = this.applyFilter(c, xpc);
    if ('nonNodes' in filtered) return filtered.nonNodes;
    const set = new XNodeSet();
    set.addArray(PathExpr.applyLocationPath(this.locationPath, xpc, filtered.nodes));
    return set;
  };

  const reverseAxes = new Set([
    Step.ANCESTOR,
    Step.ANCESTORORSELF,
    Step.PARENT,
    Step.PRECEDING,
    Step.PRECEDINGSIBLING,
  ]);
  const sortNodes = (nodes: unknown[], reverse: boolean): unknown[] => {
    const set = new XNodeSet();
    set.addArray(nodes);
    const sorted = set.toArray();
    return reverse ? sorted.reverse() : sorted;
  };
  const applyPredicates = (
    predicates: unknown[],
    c: Context,
    nodes: unknown[],
    reverse: boolean,
  ): unknown[] => {
    if (predicates.length === 0 || nodes.length === 0) return nodes;
    const ctx = c.extend({});
    let current = sortNodes(nodes, reverse);
    for (const predicate of predicates) {
      ctx.contextSize = current.length;
      const kept: unknown[] = [];
      const simple = attributeEquals(predicate);
      for (let i = 0; i < current.length; i++) {
        ctx.contextNode = current[i];
        ctx.contextPosition = i + 1;
        const matches = simple
          ? hasAttributeValue(current[i], simple, ctx)
          : PathExpr.predicateMatches(predicate, ctx);
        if (matches) kept.push(current[i]);
      }
      current = kept;
    }
    return current;
  };
  // [@name = 'literal'], the commonest filter, answered without building node-sets and strings:
  // true when an attribute the name test matches has exactly that value (XPath 1.0 `=` between
  // a node-set and a string).
  const simplePredicates = new WeakMap<object, { test: NameTest; literal: string } | null>();
  const attributeEquals = (predicate: unknown): { test: NameTest; literal: string } | null => {
    if (typeof predicate !== 'object' || predicate === null) return null;
    const known = simplePredicates.get(predicate);
    if (known !== undefined) return known;
    let found: { test: NameTest; literal: string } | null = null;
    if (predicate instanceof lib.EqualsOperation) {
      const { lhs, rhs } = predicate as unknown as { lhs: unknown; rhs: unknown };
      const test = attributeTest(lhs) ?? attributeTest(rhs);
      const literal = attributeTest(lhs) ? stringLiteral(rhs) : stringLiteral(lhs);
      if (test && literal !== null) found = { test, literal };
    }
    simplePredicates.set(predicate, found);
    return found;
  };
  const attributeTest = (expression: unknown): NameTest | null => {
    const path = expression as {
      filter?: unknown;
      locationPath?: { absolute: boolean; steps: StepLike[] };
    } | null;
    if (!(expression instanceof PathExprClass) || !path || path.filter) return null;
    const steps = path.locationPath?.steps;
    const step = steps?.length === 1 ? steps[0] : undefined;
    if (!step || path.locationPath?.absolute || step.axis !== Step.ATTRIBUTE) return null;
    if (step.predicates.length > 0 || !(step.nodeTest instanceof NameTestClass)) return null;
    return step.nodeTest as unknown as NameTest;
  };
  const stringLiteral = (expression: unknown): string | null => {
    if (expression instanceof lib.XString) return (expression as { str: string }).str;
    const path = expression as {
      filter?: unknown;
      filterPredicates?: unknown[];
      locationPath?: unknown;
    } | null;
    if (!(expression instanceof PathExprClass) || !path || path.locationPath) return null;
    if ((path.filterPredicates?.length ?? 0) > 0) return null;
    return path.filter instanceof lib.XString ? (path.filter as { str: string }).str : null;
  };
  const hasAttributeValue = (
    node: unknown,
    { test, literal }: { test: NameTest; literal: string },
    ctx: Context,
  ): boolean => {
    const attributes = (node as { attributes?: AttributeListLike | null }).attributes;
    if (!attributes) return false;
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes.item(i);
      if (attribute && test.matches(attribute, ctx) && attribute.value === literal) return true;
    }
    return false;
  };

  const booleanOperations = [
    lib.OrOperation,
    lib.AndOperation,
    lib.EqualsOperation,
    lib.NotEqualOperation,
    lib.LessThanOperation,
    lib.GreaterThanOperation,
    lib.LessThanOrEqualOperation,
    lib.GreaterThanOrEqualOperation,
  ];
  /** True when a predicate is a comparison or boolean operation that never asks for position(). */
  const neverPositional = (predicate: unknown): boolean =>
    booleanOperations.some((operation) => predicate instanceof operation) &&
    !mentionsPosition(predicate, lib.FunctionCall);
  /**
   * `//x[p]` is `descendant-or-self::node()/child::x[p]`: the predicates run once per node of the
   * document. When no predicate can depend on position it selects what `descendant::x[p]` does,
   * in one pass. (A positional one, `//x[2]`, counts among siblings and keeps the long form.)
   */
  const shortenedSteps = new WeakMap<StepLike[], StepLike[]>();
  const shortened = (steps: StepLike[]): StepLike[] => {
    // A location path is evaluated once per context node: decided once per parsed path.
    const known = shortenedSteps.get(steps);
    if (known) return known;
    const out: StepLike[] = [];
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const next = steps[i + 1];
      if (
        next &&
        step.axis === Step.DESCENDANTORSELF &&
        step.nodeTest.type === NodeTest.NODE &&
        step.predicates.length === 0 &&
        next.axis === Step.CHILD &&
        next.predicates.every(neverPositional)
      ) {
        out.push(new Step(Step.DESCENDANT, next.nodeTest, next.predicates));
        i += 1;
      } else {
        out.push(step);
      }
    }
    shortenedSteps.set(steps, out);
    return out;
  };
  PathExpr.applySteps = function applySteps(steps, xpc, nodes) {
    let current = nodes;
    for (const step of shortened(steps)) {
      const reverse = reverseAxes.has(step.axis);
      const next: unknown[] = [];
      for (const node of current) {
        const found = applyPredicates(
          step.predicates,
          xpc,
          PathExpr.applyStep(step, xpc, node),
          reverse,
        );
        for (const item of found) next.push(item);
      }
      current = next;
    }
    return current;
  };

  NodeTest.NameTestQName.prototype.matches = function matches(node, xpc) {
    // Element, attribute or namespace node, as the library's NodeTest.isNodeType([...]) tests.
    const type = node.nodeType;
    if (type !== 1 && type !== 2 && type !== NAMESPACE_NODE_TYPE) return false;
    return (
      NodeTest.nameSpaceMatches(this.prefix, xpc, node) &&
      NodeTest.localNameMatches(this.localName, xpc, node)
    );
  };
}
