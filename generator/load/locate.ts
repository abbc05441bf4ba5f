/**
 * Finds where a JSON pointer of the bundled document comes from in the source files: walks the
 * root document with the `yaml` parser, following `$ref`s into other files, and reports
 * file:line:column. Component schemas that the bundler lifted from their own files
 * (`#/components/schemas/<Name>` from `<Name>.yaml`) are found by file name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pointerTokens } from '../lib/pointer.js';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  /** The plain value at that place (for a `$ref`, its target). */
  value: unknown;
}

interface Parsed {
  doc: Document;
  lines: LineCounter;
}

export const splitPointer = pointerTokens;

export class SourceLocator {
  #cache = new Map<string, Parsed | undefined>();
  readonly #files: readonly string[];

  /** `files`: every source file of the document, for component schemas lifted from their own file. */
  constructor(files: readonly string[] = []) {
    this.#files = files.map((f) => path.resolve(f));
  }

  #parse(file: string): Parsed | undefined {
    if (!this.#cache.has(file)) {
      try {
        const lines = new LineCounter();
        const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
        this.#cache.set(file, doc.errors.length ? undefined : { doc, lines });
      } catch {
        this.#cache.set(file, undefined);
      }
    }
    return this.#cache.get(file);
  }

  #at(file: string, parsed: Parsed, node: Node | null | undefined): SourceLocation | undefined {
    if (!node?.range) return undefined;
    const { line, col } = parsed.lines.linePos(node.range[0]);
    return { file: path.relative(process.cwd(), file) || file, line, column: col, value: plainValue(node) };
  }

  /** The node at `pointer` in `file`, following `$ref`s on the way (not at the end). */
  locate(file: string, pointer: string): SourceLocation | undefined {
    return this.#walk(path.resolve(file), splitPointer(pointer), 0);
  }

  #walk(file: string, segments: string[], depth: number): SourceLocation | undefined {
    const parsed = this.#parse(file);
    if (!parsed || depth > 16) return undefined;
    let node = parsed.doc.contents as Node | null;
    let best = this.#at(file, parsed, node);
    for (let i = 0; i < segments.length; i++) {
      const ref = isMap(node) ? node.get('$ref') : undefined;
      if (typeof ref === 'string') {
        const [target, fragment = ''] = ref.split('#');
        const nextFile = target ? path.resolve(path.dirname(file), target) : file;
        return this.#walk(nextFile, [...splitPointer(fragment), ...segments.slice(i)], depth + 1) ?? best;
      }
      const segment = segments[i]!;
      const child: unknown = isMap(node) ? node.get(segment, true) : isSeq(node) ? node.get(Number(segment), true) : undefined;
      if (child === undefined || child === null) return this.#lifted(segments, i) ?? best;
      node = (isScalar(child) || isMap(child) || isSeq(child) ? child : null) as Node | null;
      best = this.#at(file, parsed, node) ?? best;
    }
    return best;
  }

  /** `/components/schemas/<Name>/...` absent from the root: the bundler took it from `<Name>.yaml`. */
  #lifted(segments: string[], failedAt: number): SourceLocation | undefined {
    if (failedAt > 2 || segments[0] !== 'components' || segments.length < 3) return undefined;
    const name = segments[2]!;
    const file = this.#files.find((f) => path.basename(f).replace(/\.(ya?ml|json)$/, '') === name);
    return file ? this.#walk(file, segments.slice(3), 1) : undefined;
  }
}

/** The node as plain data; undefined when its aliases expand past the yaml package's limit. */
function plainValue(node: Node): unknown {
  try {
    return node.toJSON();
  } catch {
    return undefined;
  }
}
