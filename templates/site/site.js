// The site's search (over window.SITE_SEARCH, from search-index.js) and its sidebar on narrow screens.
(() => {
  const input = document.getElementById('search');
  const list = document.getElementById('search-results');
  const root = input.dataset.root;
  const entries = window.SITE_SEARCH || [];
  const MAX_RESULTS = 50;

  // Every word must appear in the name, method and path, summary, area or kind; name matches rank first.
  const rank = (entry, words) => {
    const name = entry.name.toLowerCase();
    const all = [name, entry.method, entry.summary, entry.area, entry.kind].join(' ').toLowerCase();
    if (!words.every((w) => all.includes(w))) return -1;
    const query = words.join(' ');
    if (name === query) return 0;
    if (name.startsWith(query)) return 1;
    if (name.includes(query)) return 2;
    return 3;
  };

  const item = (entry) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = root + entry.href;
    const name = document.createElement('strong');
    name.textContent = entry.name;
    const detail = document.createElement('span');
    detail.textContent = [entry.kind, entry.method, entry.summary].filter(Boolean).join(' · ');
    a.append(name, ' ', detail);
    li.append(a);
    return li;
  };

  const search = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    list.replaceChildren();
    if (words.length === 0) {
      list.hidden = true;
      return;
    }
    const found = entries
      .map((entry, order) => ({ entry, order, rank: rank(entry, words) }))
      .filter((r) => r.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .slice(0, MAX_RESULTS);
    if (found.length === 0) {
      const li = document.createElement('li');
      li.className = 'none';
      li.textContent = 'Nothing found';
      list.append(li);
    } else list.append(...found.map((r) => item(r.entry)));
    list.hidden = false;
  };

  input.addEventListener('input', search);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') list.querySelector('a')?.click();
    if (event.key === 'Escape') {
      input.value = '';
      search();
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement !== input) {
      event.preventDefault();
      input.focus();
    }
  });

  // The sidebar starts folded on a narrow screen, where it sits above the page.
  if (window.matchMedia('(max-width: 899px)').matches) document.querySelector('details.nav')?.removeAttribute('open');
})();
