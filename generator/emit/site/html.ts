/**
 * One docs page's Markdown as HTML for the site, rendered as a code host renders it: headings get
 * GitHub's anchors (github-slugger, numbered per page as the docs emitter numbers them), GitHub
 * alerts (`> [!NOTE]`) become callouts (markdown-it-github-alerts), links between pages point to
 * the `.html` pages with their anchors, and tables scroll inside their own box.
 *
 * Raw HTML is kept as the Markdown holds it: the docs emitter already neutralised every tag of the
 * document's descriptions but a few harmless ones (docs/markdown.ts), so what is left is what a
 * code host shows too, and the `<!-- json-example -->` markers stay comments.
 */
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import githubAlerts from 'markdown-it-github-alerts';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

/** A link with a scheme (`https:`, `mailto:`) or protocol-relative: left as it is. */
const EXTERNAL = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

const LINK_TAG = /^<a\s+href\s*=\s*"([^"<>]*)"\s*>$/i;

/** A relative link to a Markdown page, as a link to its HTML page (the query and anchor kept). */
export function htmlHref(href: string): string {
  if (EXTERNAL.test(href)) return href;
  return href.replace(/^([^#?]*)\.md(?=$|[#?])/, '$1.html');
}

/** The text a heading shows: what GitHub slugs into its anchor. */
const headingText = (inline: Token | undefined): string =>
  (inline?.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline' || t.type === 'text_special')
    .map((t) => t.content)
    .join('');

function siteMarkdown(): InstanceType<typeof MarkdownIt> {
  const md = new MarkdownIt({ html: true });
  md.use(githubAlerts);
  md.core.ruler.push('site_pages', (state) => {
    const slugger = new GithubSlugger();
    state.tokens.forEach((token, i) => {
      if (token.type === 'heading_open') {
        const text = headingText(state.tokens[i + 1]);
        token.attrSet('id', slugger.slug(text));
        if (token.tag === 'h1' && state.env.title === undefined) state.env.title = text;
      }
      for (const child of token.children ?? []) {
        const href = child.type === 'link_open' ? child.attrGet('href') : null;
        if (typeof href === 'string') child.attrSet('href', htmlHref(href));
        // A description's own `<a href="...">`, the one tag with an attribute docs/markdown.ts keeps.
        if (child.type === 'html_inline') child.content = child.content.replace(LINK_TAG, (_tag, target: string) => `<a href="${htmlHref(target)}">`);
      }
    });
  });
  md.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

const md = siteMarkdown();

/** A page's HTML body and its title (the text of its first `#` heading, '' when it has none). */
export function pageHtml(markdown: string): { title: string; html: string } {
  const env: { title?: string } = {};
  const html = md.render(markdown, env);
  return { title: env.title ?? '', html };
}
