/** The playground's HTML shell; the app (web/app.ts) fills it in. */

export function playgroundHtml({ port }: { port: number }): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Browser Agent playground · ${port}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/playground.css">
</head>
<body>
  <header class="top">
    <h1>Browser Agent <span class="muted">playground</span></h1>
    <span id="status" class="pill" role="status" aria-live="polite">Connecting…</span>
    <form id="token-form" class="token" hidden>
      <label>Token <input id="token" type="password" autocomplete="off" placeholder="output of: browser-agent token"></label>
      <button type="submit">Connect</button>
    </form>
  </header>
  <div class="layout">
    <nav class="card tools" aria-labelledby="tools-title">
      <h2 id="tools-title">Tools <span id="tool-count" class="muted"></span></h2>
      <input id="tool-filter" type="search" placeholder="Filter tools" aria-label="Filter tools">
      <ul id="tools" class="tool-list"></ul>
    </nav>
    <main class="card" aria-labelledby="tool-name">
      <h2 id="tool-name">Pick a tool</h2>
      <p id="tool-description" class="muted"></p>
      <details id="tool-schema-box"><summary>Input schema</summary><pre id="tool-schema" class="code"></pre></details>
      <div class="row target">
        <label>Target tab <select id="target" aria-label="Target tab"><option value="">current tab</option></select></label>
        <button type="button" id="tabs-refresh">Refresh tabs</button>
      </div>
      <label class="params">Params (JSON)
        <textarea id="params" rows="8" spellcheck="false"></textarea>
      </label>
      <div class="row">
        <button type="button" id="execute" class="primary" disabled>Execute</button>
        <button type="button" id="reset">Reset params</button>
        <span id="elapsed" class="muted" aria-live="polite"></span>
      </div>
      <section id="response" class="response" aria-label="Response"><p class="muted">The result shows here.</p></section>
    </main>
    <aside class="card history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <div class="row">
        <button type="button" id="history-export">Export JSON</button>
        <button type="button" id="history-clear">Clear</button>
      </div>
      <ol id="history" class="history-list" aria-label="History"></ol>
    </aside>
  </div>
  <script type="module" src="/playground.js"></script>
</body>
</html>
`;
}
