import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { html, TestServer } from './helpers/server.ts';
import { refOf } from './helpers/refs.ts';

test.describe('browser_evaluate', () => {
  test.beforeAll(async ({ agent }) => {
    const body = '<button id="save" class="primary">Save</button><input value="typed"><span id="q" title=\'Say "hi" &amp; go\'>q</span><script>window.appState = { user: "ann", count: 2 };</script>';
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/evaluate', html(body, 'Evaluate page')) });
  });

  const cases: [string, string][] = [
    ['document.title', '"Evaluate page"'],
    ['appState', '{"user": "ann", "count": 2}'],
    ['undefined', 'undefined'],
    ['null', 'null'],
    ['NaN', 'NaN'],
    ['-Infinity', '-Infinity'],
    ['-0', '-0'],
    ['2n ** 70n', '1180591620717411303424n'],
    ['[1, undefined, NaN, -0]', '[1, undefined, NaN, -0]'],
    ['new Date(0)', 'Date("1970-01-01T00:00:00.000Z")'],
    ["new Map([['a', 1], ['b', { c: 2n }]])", 'Map(2) {"a" => 1, "b" => {"c": 2n}}'],
    ['new Set([1, "x"])', 'Set(2) {1, "x"}'],
    ['Symbol("order")', 'Symbol(order)'],
    ['document.querySelector("#save")', '<button id="save" class="primary">Save</button>'],
    // Quotes in a value are written as HTML writes them, so the attribute does not seem to end there.
    ['document.querySelector("#q")', '<span id="q" title="Say &quot;hi&quot; &amp; go">q</span>'],
    ['(() => { const o = { name: "loop" }; o.self = o; return o; })()', '{"name": "loop", "self": [Circular]}'],
    ['await new Promise((r) => setTimeout(() => r(42), 10))', '42'],
  ];
  for (const [expression, expected] of cases) {
    test(`value: ${expression}`, async ({ agent }) => {
      const { text } = await agent.server.ok('browser_evaluate', { expression });
      expect(text.split('\n').slice(1).join('\n')).toBe(expected);
    });
  }

  test('function form runs in the main world', async ({ agent }) => {
    const { text } = await agent.server.ok('browser_evaluate', { function: '() => window.appState.user.toUpperCase()' });
    expect(text).toContain('"ANN"');
  });

  test('a function given as the expression is not called, and the answer says to pass it as function', async ({ agent }) => {
    const { text } = await agent.server.ok('browser_evaluate', { expression: '() => window.appState.user' });
    expect(text).toContain('Result (function):');
    expect(text).toContain('it was returned, not called. To run it, pass it as function instead of expression.');
  });

  test('a rejected promise is an EXECUTION_ERROR', async ({ agent }) => {
    const result = await agent.server.call('browser_evaluate', { expression: 'Promise.reject(new RangeError("too far"))' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('EXECUTION_ERROR');
    expect(result.text).toContain('RangeError: too far');
  });

  test('a thrown exception names its type and line', async ({ agent }) => {
    const result = await agent.server.call('browser_evaluate', { function: '() => {\n  const a = 1;\n  return missingVariable + a;\n}' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/EXECUTION_ERROR: ReferenceError: missingVariable is not defined at line 3, column \d+/);
    // An expression too (run like the DevTools console, where Chromium counts from 1 rather than 0).
    const expression = await agent.server.call('browser_evaluate', { expression: 'const b = 2;\n  b + missingVariable' });
    expect(expression.text).toContain('ReferenceError: missingVariable is not defined at line 2, column 7.');
    // Code that does not compile is counted from 0 there: still told as line 2.
    const syntax = await agent.server.call('browser_evaluate', { expression: 'const c = 3;\nc +' });
    expect(syntax.text).toContain('SyntaxError: Unexpected end of input at line 2, column 4.');
    const caused = await agent.server.call('browser_evaluate', { expression: "throw new Error('load failed', { cause: new RangeError('bad page size') })" });
    expect(caused.text).toContain('EXECUTION_ERROR: Error: load failed (caused by RangeError: bad page size) at line 1');
  });

  test('statements passed as function are refused with what to pass instead; a function after a comment runs', async ({ agent }) => {
    for (const code of ['throw new Error("boom")', 'document.title']) {
      const result = await agent.server.call('browser_evaluate', { function: code });
      expect(result.text).toContain('INVALID_PARAMS: function must be a function, e.g. "() => document.title"');
      expect(result.text).toContain('pass expression instead');
    }
    for (const fn of ['// the title\n() => document.title', 'async function () { return document.title; }', 'el => 1']) {
      expect((await agent.server.call('browser_evaluate', { function: fn })).isError).toBe(false);
    }
    // A call of a function starts like one: its value is no function to call, which is said as such.
    const called = await agent.server.call('browser_evaluate', { function: '(() => {\n  return 1;\n})()' });
    expect(called.text).toContain('INVALID_PARAMS: function is called as given, and "(() => {\\n  return 1;\\n})()" is not a function but a call');
    expect(called.text).toContain('Pass it as expression to run it as it is');
    // A function that itself calls something that is not one is the agent's own error, at its place.
    const own = await agent.server.call('browser_evaluate', { function: '() => (1)()' });
    expect(own.text).toMatch(/EXECUTION_ERROR: TypeError: .* is not a function at line 1/);
    expect((await agent.server.call('browser_evaluate', { expression: '(() => 2)()' })).text).toContain('2');
  });

  test('a runaway loop is stopped before the call times out, and the page still answers', async ({ agent }) => {
    const result = await agent.server.call('browser_evaluate', { expression: 'while (true) {}', timeout: 3000 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('EXECUTION_ERROR: The code was still running after 2000 ms and was stopped');
    expect((await agent.server.ok('browser_evaluate', { expression: '6 * 7' })).text).toContain('42');
  });

  test('with a ref, the function gets the element', async ({ agent }) => {
    const snapshot = await agent.server.ok('browser_snapshot');
    const ref = /textbox \[ref=(e\d+)\]|textbox "[^"]*" \[ref=(e\d+)\]/.exec(snapshot.text)!.slice(1).find(Boolean)!;
    const { text } = await agent.server.ok('browser_evaluate', { ref, function: '(el) => ({ tag: el.tagName, value: el.value, marked: el.hasAttribute("data-llm-agent-mark") })' });
    expect(text).toContain('{"tag": "INPUT", "value": "typed", "marked": false}');
  });

  test('with a ref in any frame and shadow root: same-origin, cross-origin, out-of-process, closed', async ({ agent }) => {
    const other = await new TestServer().start();
    try {
      const closed = (label: string) => `<div class="host"></div><script>document.querySelector('.host').attachShadow({ mode: 'closed' }).innerHTML = '<button>${label}</button>';</script>`;
      const same = agent.pages.page('/evaluate-inner', html('<a href="#x" id="deep-link">Deep link</a>'));
      // Another port is another origin in the same renderer; localhost is another site, so its own process.
      const crossOrigin = other.page('/evaluate-cross', html(`<input value="cross-origin">${closed('In cross-origin')}`));
      const crossSite = other.page('/evaluate-site', html('<input value="cross-site">')).replace('127.0.0.1', 'localhost');
      const frames = [same, crossOrigin, crossSite].map((src) => `<iframe src="${src}"></iframe>`).join('');
      await agent.server.ok('browser_navigate', { url: agent.pages.page('/evaluate-frame', html(`${closed('In top page')}${frames}`)) });
      const snapshot = (await agent.server.ok('browser_snapshot')).text;
      const what = '(el) => (el.id || el.value || el.textContent) + " in " + el.ownerDocument.location.host + el.ownerDocument.location.pathname';
      for (const [line, expected] of [
        ['link "Deep link"', `deep-link in ${new URL(same).host}/evaluate-inner`],
        ['button "In top page"', `In top page in ${new URL(same).host}/evaluate-frame`],
        [/textbox .*: cross-origin/, `cross-origin in ${new URL(crossOrigin).host}/evaluate-cross`],
        ['button "In cross-origin"', `In cross-origin in ${new URL(crossOrigin).host}/evaluate-cross`],
        [/textbox .*: cross-site/, `cross-site in ${new URL(crossSite).host}/evaluate-site`],
      ] as const) {
        const { text } = await agent.server.ok('browser_evaluate', { ref: refOf(snapshot, line), function: what });
        expect(text, String(line)).toContain(`"${expected}"`);
      }
    } finally {
      await other.stop();
    }
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/evaluate', html('<p>back</p>')) });
  });

  test('large results go to a file', async ({ agent }) => {
    const { text } = await agent.server.ok('browser_evaluate', { expression: 'Array.from({ length: 300 }, (_, i) => "item-" + i)' });
    const file = /written in full to (\S+)/.exec(text)?.[1];
    expect(file, text).toBeTruthy();
    expect(fs.readFileSync(file!, 'utf8')).toContain('"item-299"');
  });
});

test('the line given is in the agent\'s code: where it called a page function that threw, a fetch that failed, a callback rejected later', async ({ agent }) => {
  const page = agent.pages.page('/evaluate-places', html("<button>Places</button><script>\nfunction explode() { throw new Error('page boom'); }\n</script>"));
  await agent.server.ok('browser_navigate', { url: page });
  const error = async (params: Record<string, unknown>) => (await agent.server.call('browser_evaluate', params)).text;
  // The page's script threw it: named, and the agent's line that called it is the one given.
  expect(await error({ function: '() => {\n  return explode();\n}' })).toContain(`Error: page boom, thrown in the page's script at ${page}:2, called at line 2, column 10.`);
  expect(await error({ expression: '1;\n  explode()' })).toContain('called at line 2, column 3.');
  // fetch goes through the tracker's wrapper in agent tabs: no line of the tracker is given.
  expect(await error({ function: "async () => { await fetch('http://127.0.0.1:1/'); }" })).toContain('TypeError: Failed to fetch (rejected promise) at line 1, column 21.');
  // Rejected in a timer the code set; a native that threw (JSON.parse's column is in its input, not the code).
  expect(await error({ function: "() => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 10))" })).toContain('Error: late (rejected promise) at line 1, column 58.');
  expect(await error({ function: "() => JSON.parse('{x')" })).toMatch(/SyntaxError: .* at line 1, column 12\./);
  // The function given with a ref is counted from its own first character too.
  const button = refOf((await agent.server.ok('browser_snapshot')).text, /button "Places"/);
  expect(await error({ ref: button, function: '(el) => el.missing.name' })).toContain("TypeError: Cannot read properties of undefined (reading 'name') at line 1, column 20.");
});
