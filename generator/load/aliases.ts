/**
 * YAML alias expansion budget. An alias (`*name`) stands for a copy of its anchored node, so nine
 * nested levels of nine aliases ("billion laughs") make a few hundred bytes stand for hundreds of
 * millions of nodes, which every consumer that walks the parsed value (Redocly's resolver and
 * bundler) then visits one by one. A document may use aliases, but all of them together may add
 * at most `MAX_ALIAS_NODES` nodes, and an alias may not stand for a node that contains it.
 */
import { isAlias, isCollection, isPair, isScalar, LineCounter, parseDocument, visit, type Node } from 'yaml';

/** Nodes that all aliases of one file may add to it once expanded. */
export const MAX_ALIAS_NODES = 100_000;

export interface AliasProblem {
  line: number;
  column: number;
  message: string;
}

const ANCHOR_NAME = /[^\s[\]{},]/;

/**
 * Whether `text` may define a YAML anchor: an `&` followed by a name character, wherever it stands
 * (in flow style `"k":&a [...]` needs no space before it); no anchor, no alias. The cheapest first
 * look: a scan for `&`.
 */
export function mayHaveAnchors(text: string): boolean {
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    if (ANCHOR_NAME.test(text[i + 1] ?? ' ')) return true;
  }
  return false;
}

/**
 * Whether a parsed value reaches one object or array twice (a YAML alias of a collection: the
 * parsers share the node instead of copying it). A second look, linear in the value, that spares
 * the second parse of `checkAliasExpansion` to every file without such aliases.
 */
export function sharesNodes(value: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (seen.has(node)) return true;
    seen.add(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push(child);
  }
  return false;
}

/**
 * Parses `text` with the `yaml` package (whose tree keeps aliases as nodes) and returns the first
 * alias, in document order, at which the nodes added by aliases exceed `maxNodes`, or that stands
 * for one of its own ancestors. Expanded sizes are memoised per node, so this is linear in the
 * file's size whatever the aliases expand to.
 */
export function checkAliasExpansion(text: string, maxNodes = MAX_ALIAS_NODES): AliasProblem | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const anchors = new Map<string, Node>();
  const targets = new Map<Node, Node | undefined>();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });

  const sizes = new Map<Node, number>();
  const inProgress = new Set<Node>();
  let added = 0;
  let problem: AliasProblem | undefined;
  const at = (node: Node, message: string): AliasProblem => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return { line, column: col, message };
  };

  /** The node count of `node` with every alias replaced by a copy of its target. */
  const size = (node: unknown): number => {
    if (problem || node === null || typeof node !== 'object') return 1;
    if (isPair(node)) return size(node.key) + size(node.value);
    const known = sizes.get(node as Node);
    if (known !== undefined) return known;
    if (isAlias(node)) {
      const target = targets.get(node);
      if (!target) return 1; // an unknown anchor is the parser's error to report
      if (inProgress.has(target)) {
        problem = at(node, `YAML alias *${node.source} refers to a node that contains it`);
        return 1;
      }
      const expanded = size(target);
      added += expanded;
      if (added > maxNodes && !problem)
        problem = at(
          node,
          `YAML aliases expand to more than ${maxNodes.toLocaleString('en-US')} nodes (alias *${node.source}); write the content out or use a $ref`,
        );
      return expanded;
    }
    let total = 1;
    if (isCollection(node)) {
      inProgress.add(node);
      for (const item of node.items) total += size(item);
      inProgress.delete(node);
    } else if (!isScalar(node)) return 1;
    sizes.set(node as Node, total);
    return total;
  };
  size(doc.contents);
  return problem;
}
