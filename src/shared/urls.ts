import { AgentError } from './errors.ts';

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'about:']);

/**
 * Turns what an agent typed into a URL the browser may open. Bare hosts get a
 * scheme ("localhost:3000" → http, "example.com" → https); schemes that would
 * let a page escape the sandbox or touch browser internals are refused.
 */
export function normalizeUrl(input: string, options: { allowFile?: boolean; base?: string } = {}): string {
  const text = input.trim();
  if (!text) throw new AgentError('INVALID_URL', 'The URL is empty: pass an absolute URL such as https://example.com/.');
  if (isRelative(text)) {
    // A path ("/cart", "?page=2"): on the site of the page the tab shows, as a link there would go.
    const base = options.base && /^https?:/.test(options.base) ? options.base : null;
    if (!base) throw new AgentError('INVALID_URL', `"${input}" is a path, and no web page is open to take the site from: pass the whole URL, such as https://example.com${text.startsWith('/') ? text : '/'}.`);
    return new URL(text, base).href;
  }
  // "localhost:3000" looks like a scheme to the URL parser; host:port is not one.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[\w.-]+:\d+(\/|$)/.test(text);
  const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i.test(text);
  const candidate = hasScheme ? text : `${local ? 'http' : 'https'}://${text}`;
  // Chrome's URL parser escapes spaces in a host, and the tab would fail on DNS instead: words are not an address.
  if (/\s/.test(/^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(candidate)?.[1] ?? '')) {
    throw new AgentError('INVALID_URL', `"${input}" is not a URL (it has spaces where the host goes): pass an address such as https://example.com/. To search for words, navigate to a search page with them in its query, e.g. https://duckduckgo.com/?q=...`);
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new AgentError('INVALID_URL', `"${input}" is not a valid URL: pass an absolute URL such as https://example.com/.`);
  }
  if (url.protocol === 'data:') {
    // Chrome blocks top-level navigation to data: URLs (it would abort with ERR_ABORTED).
    throw new AgentError('BLOCKED_SCHEME', 'Chrome does not open data: URLs in a tab; serve the content from a local web server instead.');
  }
  if (url.protocol === 'file:' && !options.allowFile) {
    throw new AgentError('BLOCKED_SCHEME', 'file: URLs are blocked; start the server with --allow-file-urls to allow them.');
  }
  if (!ALLOWED_SCHEMES.has(url.protocol) && url.protocol !== 'file:') {
    throw new AgentError('BLOCKED_SCHEME', `URLs with the ${url.protocol} scheme are not allowed (only http, https and about:blank).`);
  }
  if (url.protocol === 'about:' && url.href !== 'about:blank') {
    throw new AgentError('BLOCKED_SCHEME', `Only about:blank is allowed among about: URLs, not ${url.href}.`);
  }
  return url.href;
}

/** A path, query or fragment without a host: "/a", "./a", "../a", "?q=1", "#top" (not "//host/a"). */
export function isRelative(text: string): boolean {
  return (/^[/?#]/.test(text) && !text.startsWith('//')) || /^\.\.?\//.test(text);
}

/** What to do about the net errors an agent meets most; '' for the rest. */
export function navigationErrorHint(netError: string): string {
  if (/NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED/.test(netError)) return ' The host name does not exist: check its spelling.';
  if (/CONNECTION_REFUSED/.test(netError)) return ' Nothing accepts connections at that host and port: is the server running, and on this port?';
  if (/UNSAFE_PORT/.test(netError)) return ' Chromium never connects to this port (it is on its list of unsafe ports): serve the page on another port.';
  if (/ERR_CERT_/.test(netError)) {
    return " The site's certificate is not trusted (self-signed, expired, or made for another host). A local dev server's own certificate: start the agent server with --ignore-https-errors (managed browser), or accept the warning in your own browser.";
  }
  if (/ERR_CACHE_MISS/.test(netError)) {
    return ' That page was the answer to a form sent with POST, which Chromium does not send again on its own: navigate to the form and send it again, or to the URL to load it without sending.';
  }
  // Headless Chromium has no login prompt to show, so HTTP authentication fails at once.
  if (/INVALID_AUTH_CREDENTIALS/.test(netError)) {
    return ' The server asks for a user name and password (HTTP authentication), and the browser had none or wrong ones: put them in the URL, http://user:password@host/path (Chromium then keeps them for that site).';
  }
  return '';
}

/** Chromium's net error names → our typed navigation errors. */
export function navigationErrorCode(netError: string): 'NAV_DNS' | 'NAV_REFUSED' | 'NAV_TIMEOUT' | 'NAV_ABORTED' | 'NAV_FAILED' {
  if (/NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|DNS/.test(netError)) return 'NAV_DNS';
  if (/CONNECTION_REFUSED/.test(netError)) return 'NAV_REFUSED';
  if (/TIMED_OUT/.test(netError)) return 'NAV_TIMEOUT';
  if (/ERR_ABORTED/.test(netError)) return 'NAV_ABORTED';
  return 'NAV_FAILED';
}
