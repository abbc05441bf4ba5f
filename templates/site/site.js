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

// "Try it": each operation's panel, built from the page's #try-it-data when first opened, answered by
// the package's mock running in the page (try-it.js, loaded then) and checked by its validators.
(() => {
  const data = document.getElementById('try-it-data');
  if (!data) return;
  const operations = new Map(JSON.parse(data.textContent).map((op) => [op.operationId, op]));
  const BASE = 'https://try-it.invalid';

  let loading;
  const load = () => {
    loading ??= new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = data.dataset.script;
      script.onload = () => (window.TRY_IT ? resolve(window.TRY_IT) : reject(new Error(`${script.src} set no TRY_IT`)));
      script.onerror = () => reject(new Error(`${script.src} could not be loaded`));
      document.head.append(script);
    });
    return loading;
  };
  // One mock per page: what a request creates is there for the next one, until the page reloads.
  let mock;
  const mockApi = async () => {
    const tryIt = await load();
    mock ??= tryIt.createMockApi({ requireCredentials: false, basePath: '' });
    return { mock, validators: tryIt.operationValidators };
  };

  const el = (tag, props, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };

  const request = (op, form) => {
    let path = op.path;
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      const value = form.elements[`${p.in}:${p.name}`].value;
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
      else if (value === '') continue;
      else if (p.array && p.explode) for (const item of value.split(',')) query.append(p.name, item);
      else query.set(p.name, value);
    }
    const body = op.hasBody ? form.elements.body.value.trim() : '';
    const url = `${BASE}${path}${query.size ? `?${query}` : ''}`;
    return new Request(url, { method: op.method, ...(body ? { body, headers: { 'content-type': op.mediaType || 'application/json' } } : {}) });
  };

  // The response validator for a status: its own, else its range's (`4XX`), else `default`.
  const validatorFor = (validators, status) => {
    const responses = validators?.responses ?? {};
    return responses[status] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  };

  const verdictOf = (validators, status, text) => {
    if (text === '') return { kind: 'none', text: 'no body' };
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      return { kind: 'invalid', text: 'not JSON' };
    }
    const validator = validatorFor(validators, status);
    if (!validator) return { kind: 'none', text: `no validator: the document shows no body for ${status}` };
    const result = validator.check(value);
    if (result.valid) return { kind: 'valid', text: 'valid' };
    return { kind: 'invalid', text: result.problems.map((p) => `${p.pointer || '(the body)'}: ${p.message}`).join('\n') };
  };

  const show = (out, op, response, text, verdict) => {
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    out.replaceChildren(
      el(
        'p',
        { className: 'try-it-status' },
        el('strong', { textContent: `${response.status} ${response.statusText}`.trim() }),
        ` · ${op.operationId}'s response validator: `,
        el('span', { className: `try-it-verdict ${verdict.kind}`, textContent: verdict.text }),
      ),
      el('pre', { className: 'try-it-headers', textContent: headers }),
      ...(body ? [el('pre', { className: 'try-it-body', textContent: body })] : []),
    );
    out.dataset.status = String(response.status);
    out.dataset.verdict = verdict.kind;
  };

  const send = async (op, form, out) => {
    out.replaceChildren(el('p', { textContent: 'Sending…' }));
    out.dataset.status = '';
    out.dataset.verdict = '';
    try {
      const { mock, validators } = await mockApi();
      const fault = form.elements.fault.value;
      mock.fault(op.operationId, fault === '' ? { times: 0 } : fault === 'reset' ? { reset: true, times: 1 } : { status: Number(fault), times: 1 });
      const response = await mock.fetch(request(op, form));
      const text = await response.text();
      show(out, op, response, text, verdictOf(validators[op.operationId], response.status, text));
    } catch (err) {
      out.replaceChildren(
        el('p', { className: 'try-it-status' }, el('strong', { textContent: 'No answer' }), `: ${err.message}${err.cause?.code ? ` (${err.cause.code})` : ''}`),
      );
      out.dataset.status = 'none';
    }
  };

  const field = (label, control) => el('label', { className: 'try-it-field' }, el('span', { textContent: label }), control);

  const build = (details) => {
    const op = operations.get(details.dataset.operation);
    if (!op) return;
    const form = el('form', { className: 'try-it-form' });
    form.append(el('p', { className: 'try-it-request' }, el('code', { textContent: `${op.method} ${op.path}` })));
    for (const p of op.parameters)
      form.append(
        field(
          `${p.name} (${p.in}${p.required ? ', required' : ''})`,
          el('input', { name: `${p.in}:${p.name}`, value: p.value, placeholder: p.type, required: p.in === 'path', spellcheck: false, autocomplete: 'off' }),
        ),
      );
    if (op.hasBody)
      form.append(
        field(
          `Body (${op.mediaType})`,
          el('textarea', { name: 'body', value: op.body, rows: Math.min(16, op.body.split('\n').length + 1), spellcheck: false }),
        ),
      );
    const fault = el('select', { name: 'fault' }, el('option', { value: '', textContent: 'None: the mock answers' }));
    for (const status of op.faults) fault.append(el('option', { value: String(status), textContent: `Status ${status}` }));
    fault.append(el('option', { value: 'reset', textContent: 'Connection reset' }));
    form.append(field('Fault (next request only)', fault));
    const out = el('div', { className: 'try-it-result', role: 'status' });
    form.append(el('button', { type: 'submit', textContent: 'Send' }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send(op, form, out);
    });
    details.querySelector('.try-it-form').replaceWith(form, out);
    load().catch(() => {});
  };

  for (const details of document.querySelectorAll('details.try-it'))
    details.addEventListener('toggle', () => {
      if (details.open && !details.dataset.built) {
        details.dataset.built = 'true';
        build(details);
      }
    });
})();
