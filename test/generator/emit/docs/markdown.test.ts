/** Markdown escaping of the document's text in the pages (generator/emit/docs/markdown.ts): inline text, descriptions, table cells, code spans, headings, fences. */
import { describe, expect, it } from 'vitest';
import { cell, code, fence, headingText, markdown, text } from '../../../../generator/emit/docs/markdown.js';

describe('markdown escaping', () => {
  it.each<[string, { given: unknown; want: string }]>([
    ['ordinary text kept', { given: 'List projects', want: 'List projects' }],
    ['intraword underscore kept', { given: 'SCREENER_RESPONSES.CREATED', want: 'SCREENER_RESPONSES.CREATED' }],
    ['html as entities', { given: '<img src=x onerror=alert(1)>', want: '&lt;img src=x onerror=alert(1)&gt;' }],
    ['heading and line breaks', { given: 'a\n# b\rc', want: 'a \\# b c' }],
    ['table pipes and backslashes', { given: 'a|b\\', want: 'a\\|b\\\\' }],
    ['emphasis, links, code', { given: '*x* _y_ [z](j:) `w`', want: '\\*x\\* \\_y\\_ \\[z\\](j:) \\`w\\`' }],
    ['list marker at the start', { given: '- item', want: '\\- item' }],
    ['ordered marker at the start', { given: '1. item', want: '1\\. item' }],
    ['version number kept', { given: '1.0', want: '1.0' }],
  ])('text: %s', (_name, { given, want }) => expect(text(given)).toBe(want));

  it.each<[string, { given: string; want: string }]>([
    ['markdown kept', { given: '**bold** and `<T>`', want: '**bold** and `<T>`' }],
    ['allowed inline tags kept', { given: 'a<br>b <b>c</b> <a href="https://x.test">d</a>', want: 'a<br>b <b>c</b> <a href="https://x.test">d</a>' }],
    ['other tags escaped', { given: '<script>x</script><img src=x onerror=y>', want: '&lt;script>x&lt;/script>&lt;img src=x onerror=y>' }],
    ['javascript link escaped', { given: '<a href="javascript:x">d</a>', want: '&lt;a href="javascript:x">d</a>' }],
    ['entity-encoded scheme escaped', { given: '<a href="javascript&#58;x">d</a>', want: '&lt;a href="javascript&#58;x">d</a>' }],
    ['unclosed fence closed', { given: 'a\n\n````js\nx', want: 'a\n\n````js\nx\n````' }],
    ['html inside a fence kept as code', { given: '```\n<script>\n```', want: '```\n<script>\n```' }],
    ['heading shown as text', { given: 'a\n\n## b\n\nc\n===', want: 'a\n\n\\## b\n\nc\n\\===' }],
    ['markdown link to https kept', { given: '[docs](https://x.test) and ![i](img.png)', want: '[docs](https://x.test) and ![i](img.png)' }],
    ['markdown javascript link: no link left', { given: 'see [me](javascript:alert(1))', want: 'see \\[me](javascript:alert(1))' }],
    ['reference-style javascript link: no link left', { given: '[r][1]\n\n[1]: JavaScript:alert(2)', want: '\\[r]\\[1]\n\n\\[1]: JavaScript:alert(2)' }],
    ['javascript image: no image left', { given: '![i](javascript:x)', want: '!\\[i](javascript:x)' }],
    [
      'code span split by a table pipe: every < escaped',
      { given: '| `a | <b onclick=x> | c` |\n|---|---|---|', want: '| `a | &lt;b onclick=x> | c` |\n|---|---|---|' },
    ],
  ])('markdown: %s', (_name, { given, want }) => expect(markdown(given)).toBe(want));

  it('cell keeps a description on one line and its table cell', () => {
    expect(cell('a | b\r\n\r\n<script>c</script>\rd')).toBe('a \\| b<br><br>&lt;script>c&lt;/script> d');
    expect(cell('# heading')).toBe('\\# heading');
    expect(cell('[x](vbscript:y)')).toBe('\\[x](vbscript:y)');
  });

  it.each<[string, { given: string; want: string }]>([
    ['spaces and tabs trimmed', { given: ' \tlistItems\t ', want: 'listItems' }],
    ['line breaks folded', { given: 'a\nb\rc', want: 'a b c' }],
    ['a no-break space kept, as CommonMark keeps it (so the anchor matches)', { given: '!\u00a0', want: '!\u00a0' }],
  ])('headingText: %s', (_name, { given, want }) => expect(headingText(given)).toBe(want));

  it('fence is longer than any backtick run inside', () => {
    expect(fence('ts', 'a ``` b')).toBe('````ts\na ``` b\n````');
    expect(fence('json', '{}')).toBe('```json\n{}\n```');
  });

  it.each<[string, { given: string; want: string }]>([
    ['backticks inside', { given: 'a`b', want: '``a`b``' }],
    ['pipes escaped', { given: 'a|b', want: '`a\\|b`' }],
    ['edge backtick padded', { given: '`x', want: '`` `x ``' }],
    ['line breaks folded', { given: 'a\r\nb\rc', want: '`a b c`' }],
  ])('code: %s', (_name, { given, want }) => expect(code(given)).toBe(want));

  it('cell joins lines and escapes pipes', () => {
    expect(cell('one\ntwo | three\n\nfour')).toBe('one two \\| three<br><br>four');
  });
});
