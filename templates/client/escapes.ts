/**
 * The spellings JSON and URL encoding give a string, read back: a text with its escapes decoded
 * (JSON's `\uXXXX` in either case and two-character escapes; percent-encoded UTF-8 in either
 * case), and where in the text a part of that reading was written. Redaction finds a secret
 * however it is spelled with these (redact.ts).
 */

/**
 * A run of JSON escapes, or a run of percent-encoded bytes (hex in either case). A long run is
 * taken in parts (a regular expression's stack is bounded), a percent-encoded one ending after a
 * whole UTF-8 character (its continuation bytes, `%80` to `%BF`, kept). The first escape is
 * written out, not quantified: V8 then scans for its first character quickly.
 */
const ESCAPES =
  /\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])(?:\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])){0,1023}|%[0-9a-fA-F]{2}(?:%[0-9a-fA-F]{2}){0,1023}(?:%[89abAB][0-9a-fA-F]){0,3}/g;

/** How many bytes a UTF-8 sequence starting with `lead` has (0: not a lead byte). */
const utf8Length = (lead: number): number => (lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0);

/** A part of a text: where it is written, what it reads as, and whether that is an escape (else it reads as written). */
type Piece = readonly [start: number, end: number, reads: string, escaped: boolean];

/** What a run of escapes reads as; undefined when a percent-encoded byte in it is not part of a well-formed UTF-8 character. */
function decodeRun(run: string): string | undefined {
  if (run[0] !== '\\') {
    try {
      return decodeURIComponent(run);
    } catch {
      return undefined;
    }
  }
  // A run holds escapes only: JSON.parse reads it as a string.
  return JSON.parse(`"${run}"`) as string;
}

/** The escaped characters of one run of escapes written at `at`, a piece each; a malformed percent-encoded byte reads as written. */
function* characters(run: string, at: number): Generator<Piece> {
  for (let i = 0; i < run.length; ) {
    const length = run[0] === '\\' ? (run[i + 1] === 'u' ? 6 : 2) : utf8Length(Number.parseInt(run.slice(i + 1, i + 3), 16)) * 3;
    const reads = length && i + length <= run.length ? decodeRun(run.slice(i, i + length)) : undefined;
    yield reads === undefined ? [at + i, at + i + 3, run.slice(i, i + 3), false] : [at + i, at + i + length, reads, true];
    i += reads === undefined ? 3 : length;
  }
}

/**
 * The pieces of `text`, in order: runs written as they read, and runs of escapes decoded (JSON's
 * `\uXXXX` and two-character escapes; percent-encoded UTF-8, where a byte that is not part of a
 * well-formed character reads as written). Nothing is kept per character.
 */
function* pieces(text: string): Generator<Piece> {
  let last = 0;
  for (const match of text.matchAll(ESCAPES)) {
    if (match.index > last) yield [last, match.index, text.slice(last, match.index), false];
    last = match.index + match[0].length;
    const reads = decodeRun(match[0]);
    if (reads === undefined) yield* characters(match[0], match.index);
    else yield [match.index, last, reads, true];
  }
  if (last < text.length) yield [last, text.length, text.slice(last), false];
}

/** `text` read with every escape decoded (pieces); undefined when it holds none. */
export function decodeEscapes(text: string): string | undefined {
  if (!text.includes('\\') && !text.includes('%')) return undefined;
  return text.replace(ESCAPES, (run) => {
    const reads = decodeRun(run);
    if (reads !== undefined) return reads;
    let out = '';
    for (const [, , character] of characters(run, 0)) out += character;
    return out;
  });
}

/**
 * The ranges of `text` that ranges of its decoded reading (sorted, not overlapping) were written
 * as; an escaped character is covered whole, even when a range ends inside what it reads as.
 */
export function writtenRanges(text: string, ranges: readonly (readonly [start: number, end: number])[]): [number, number][] {
  const out: [number, number][] = [];
  /** Where the piece being visited starts in the decoded reading. */
  let read = 0;
  /** The range being placed, and its written start once found. */
  let next = 0;
  let start = -1;
  const visit = ([from, to, reads, escaped]: Piece) => {
    const end = read + reads.length;
    while (next < ranges.length) {
      const [rangeStart, rangeEnd] = ranges[next]!;
      if (start < 0) {
        if (rangeStart >= end) break;
        start = escaped ? from : from + (rangeStart - read);
      }
      if (rangeEnd > end) break;
      out.push([start, escaped ? to : from + (rangeEnd - read)]);
      start = -1;
      next++;
    }
    read = end;
  };
  for (const piece of pieces(text)) {
    const [from, to, reads, escaped] = piece;
    // A run of escapes that the range being placed starts or ends inside is taken character by character.
    const splits = escaped && ranges[next]?.some((at) => at > read && at < read + reads.length);
    if (splits) for (const character of characters(text.slice(from, to), from)) visit(character);
    else visit(piece);
  }
  return out;
}
