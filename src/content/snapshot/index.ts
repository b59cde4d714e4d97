/**
 * The snapshot engine's public API, called by the content script of every frame.
 *
 *   takeSnapshot({ interactive, depth, root, viewportOnly, refPrefix, refFloor })
 *     → { lines, frames, maxRef }
 *   resolveRef('e12' | 'f3e12') → Element, or AgentError STALE_REF
 */
import { collectClickHandlers } from './click-handlers.ts';
import { collectHoverReveals } from './hover-reveals.ts';
import { learnForeignSheet, unlearnedSheets } from './css-rules.ts';
import { trustShadowlessSince, withStyleCache } from './dom.ts';
import { format } from './format.ts';
import type { FrameSlot } from './format.ts';
import { currentMaxRef, raiseRefFloor, recordIssued, recordPrinted, refForElement, resolveRef } from './refs.ts';
import { focusedElement } from './states.ts';
import { walk } from './walk.ts';

export type { FrameSlot } from './format.ts';
export { currentMaxRef, refForElement, resolveRef };
// For the content script, which has the text of another origin's sheets from the worker (content/foreign-sheets.ts).
export { learnForeignSheet, unlearnedSheets };

export interface SnapshotOptions {
  /** Only ref-bearing lines plus the headings/landmarks/ancestors that give them context. */
  interactive?: boolean;
  /** Max tree depth (0 = only top level lines); deeper content becomes one `- … N more lines` marker. */
  depth?: number;
  /** Scope the snapshot to this subtree (default: the whole document). */
  root?: Element;
  /** Only elements intersecting the viewport (plus their ancestors). */
  viewportOnly?: boolean;
  /** '' for the main frame, e.g. 'f12' for a child frame. */
  refPrefix?: string;
  /** Never issue a ref number <= this (the highest one earlier documents of the tab issued). */
  refFloor?: number;
  /** The document's HTML declares no shadow root (`<template shadowrootmode>`), as the service worker read it. */
  undeclaredRoots?: boolean;
}

export interface SnapshotResult {
  lines: string[];
  frames: FrameSlot[];
  /** Highest ref number issued so far in this document; the background persists it as the next floor. */
  maxRef: number;
}

export function takeSnapshot(options: SnapshotOptions = {}): SnapshotResult {
  raiseRefFloor(options.refFloor);
  const doc = options.root?.ownerDocument ?? document;
  const root = options.root ?? doc.body ?? doc.documentElement;
  if (!root) return { lines: [], frames: [], maxRef: currentMaxRef() };
  const depth = options.depth !== undefined && options.depth >= 0 ? Math.floor(options.depth) : undefined;
  const shadowCalls = collectClickHandlers(doc);
  collectHoverReveals(doc);
  // One pass: styles, hidden-ness and names are computed once and the DOM
  // is only read, so the browser lays out at most once.
  const { lines, frames, issued } = withStyleCache(() => {
    trustShadowlessSince(shadowCalls, doc, options.undeclaredRoots);
    const tree = walk(root, { interactive: !!options.interactive, viewportOnly: !!options.viewportOnly });
    return format(tree, { depth, refPrefix: options.refPrefix ?? '', active: focusedElement(doc), interactive: !!options.interactive, root });
  });
  // Only a snapshot of the whole page tells a name that no other line has (refs.ts).
  if (!options.root && !options.viewportOnly && depth === undefined) recordIssued(issued);
  for (const line of issued) recordPrinted(line.el, line.name);
  return { lines, frames, maxRef: currentMaxRef() };
}
