/**
 * Deterministic test pages for bench/snapshot.ts: a mix of what real pages
 * are made of (sections with headings and prose, link lists, forms, tables,
 * clickable cards, deep div nesting, some hidden content), generated from a
 * seeded PRNG so every run measures the same DOM.
 */
import { seededRandom } from '../e2e/helpers/random.ts';

const prng = seededRandom;

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'order', 'invoice', 'status', 'user', 'report', 'update', 'settings',
  'search', 'profile', 'billing', 'export', 'team', 'project', 'task', 'review', 'archive'];

/** Body markup with about `target` elements; returns it with the exact element count. */
export function generatePage(target: number, seed = 1): { html: string; elements: number } {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const parts: string[] = [];
  let count = 0;
  let id = 0;
  // Each block writes markup and reports how many elements it added.
  const blocks: Array<() => void> = [
    () => {
      parts.push(`<p>${words(12)} <a href="/p/${id}">${words(2)}</a> ${words(8)} <b>${words(1)}</b>.</p>`);
      count += 3;
    },
    () => {
      const n = 3 + Math.floor(rand() * 5);
      parts.push('<ul>');
      for (let i = 0; i < n; i++) parts.push(`<li><a href="/item/${id}/${i}">${words(2)}</a> <span>${words(4)}</span></li>`);
      parts.push('</ul>');
      count += 1 + n * 3;
    },
    () => {
      const k = id++;
      parts.push(`<form onsubmit="return false"><label>${words(1)} <input name="q${k}" value="${rand() < 0.3 ? words(1) : ''}"></label>`
        + `<input type="checkbox" id="c${k}"${rand() < 0.5 ? ' checked' : ''}><label for="c${k}">${words(2)}</label>`
        + `<select aria-label="${words(1)}"><option>${words(1)}</option><option>${words(1)}</option><option>${words(1)}</option></select>`
        + `<button type="button"${rand() < 0.1 ? ' disabled' : ''}>${words(1)}</button></form>`);
      count += 10;
    },
    () => {
      const rows = 3 + Math.floor(rand() * 4);
      parts.push(`<table><thead><tr><th>${words(1)}</th><th>${words(1)}</th><th>Action</th></tr></thead><tbody>`);
      for (let r = 0; r < rows; r++) parts.push(`<tr><td>${words(2)}</td><td>${Math.floor(rand() * 1000)}</td><td><button type="button">Edit</button></td></tr>`);
      parts.push('</tbody></table>');
      count += 7 + rows * 5;
    },
    () => {
      // Card markup as CSS frameworks write it: header with an icon, body, footer.
      parts.push(`<div class="card" style="cursor:pointer;padding:4px"><div class="card-header"><span class="icon">★</span><span>${words(2)}</span></div>`
        + `<div class="card-body"><p>${words(6)}</p></div><div class="card-footer"><small>${words(2)}</small></div></div>`);
      count += 8;
    },
    () => {
      parts.push(`<div><div><div><div><span>${words(3)}</span></div></div><div role="button" tabindex="0">${words(1)}</div></div></div>`);
      count += 6;
    },
    () => {
      parts.push(rand() < 0.5
        ? `<div style="display:none"><p>${words(5)}</p><button>${words(1)}</button></div>`
        : `<div aria-hidden="true"><span>${words(3)}</span></div>`);
      count += 3;
    },
  ];
  while (count < target) {
    id++;
    // Layout wrappers (container / row / column), as grid frameworks and component trees produce.
    parts.push(`<div class="container"><section><h2>${words(2)} ${id}</h2><div class="row">`);
    count += 4;
    const n = 2 + Math.floor(rand() * 4);
    for (let i = 0; i < n && count < target; i++) {
      parts.push('<div class="col"><div class="col-inner">');
      count += 2;
      pick(blocks)();
      parts.push('</div></div>');
    }
    parts.push('</div></section></div>');
  }
  return { html: parts.join('\n'), elements: count };
}
