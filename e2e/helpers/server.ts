import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface TestPage {
  body: string;
  contentType?: string;
  status?: number;
  headers?: Record<string, string>;
  /** Answered after this many milliseconds (a slow API). */
  delayMs?: number;
  /** "user:password": answered only with these HTTP Basic credentials, else 401. */
  basicAuth?: string;
}

/**
 * A tiny HTTP server on 127.0.0.1 that serves pages a test registers.
 * Tests never touch the outside network. With `tls`, it serves HTTPS with a
 * self-signed certificate (./tls) that browsers do not trust.
 */
export class TestServer {
  /** host: another loopback address (127.0.0.2) is a site of its own, apart from both 127.0.0.1 and localhost. */
  constructor(private readonly options: { tls?: boolean; host?: string } = {}) {}

  private readonly pages = new Map<string, TestPage>();
  private readonly hanging = new Set<string>();
  private server: http.Server | undefined;
  origin = '';

  async start(): Promise<this> {
    const handler: http.RequestListener = (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (this.hanging.has(url.pathname)) return; // never answer: a page that never loads
      const page = this.pages.get(url.pathname);
      if (!page) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
        return;
      }
      if (page.basicAuth && req.headers.authorization !== `Basic ${Buffer.from(page.basicAuth).toString('base64')}`) {
        res.writeHead(401, { 'content-type': 'text/html', 'www-authenticate': 'Basic realm="test"' });
        res.end('<!doctype html><title>Unauthorized</title><h1>Unauthorized</h1>');
        return;
      }
      const answer = () => {
        res.writeHead(page.status ?? 200, {
          'content-type': page.contentType ?? 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          ...page.headers,
        });
        res.end(page.body);
      };
      if (page.delayMs) setTimeout(answer, page.delayMs);
      else answer();
    };
    const tls = (name: string) => fs.readFileSync(new URL(`./tls/${name}`, import.meta.url));
    this.server = this.options.tls ? https.createServer({ key: tls('key.pem'), cert: tls('cert.pem') }, handler) : http.createServer(handler);
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve) => this.server!.listen(0, host, resolve));
    this.origin = `${this.options.tls ? 'https' : 'http'}://${host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Registers a page and returns its absolute URL. */
  page(pathname: string, body: string, options: Omit<TestPage, 'body'> = {}): string {
    this.pages.set(pathname, { body, ...options });
    return this.origin + pathname;
  }

  /** Requests to this path are accepted but never answered. */
  hang(pathname: string): string {
    this.hanging.add(pathname);
    return this.origin + pathname;
  }

  url(pathname: string): string {
    return this.origin + pathname;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** Wraps body markup in a minimal HTML document. */
export function html(body: string, title = 'Test page'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}
