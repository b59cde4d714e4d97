/**
 * browser_wait_for in one frame: an element's state, text appearing or text
 * going away. Polls every 50 ms and on every DOM mutation, so fast changes
 * are seen at once and style-only changes (no mutation) within 50 ms.
 */
import type { ContentRequest, ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { resolveSpec, targetLabel } from '../target.ts';
import { isVisible } from '../snapshot/visibility.ts';
import { clip, describe, normalize } from './describe.ts';

type WaitRequest = Extract<ContentRequest, { type: 'waitFor' }>;
type State = WaitRequest['state'];

const POLL_MS = 50;
const EXCERPT = 200;

interface Condition {
  /** What is awaited, for messages: `selector "#x" to be visible`. */
  what: string;
  /** null when it holds, else what was seen instead. */
  check(): string | null;
}

export async function waitFor(request: WaitRequest): Promise<ContentResults['waitFor']> {
  const conditions: Condition[] = [];
  if (request.target) conditions.push(elementCondition(request.target, request.state ?? 'visible'));
  if (request.text !== undefined) conditions.push(textCondition(request.text, true));
  if (request.textGone !== undefined) conditions.push(textCondition(request.textGone, false));
  if (conditions.length === 0) {
    throw new AgentError('INVALID_PARAMS', 'Nothing to wait for: give a ref or selector (with state), text or textGone.');
  }
  // Waited before, on the pages this wait outlived (a sign-in's redirect): counted in, so "already true" means at once.
  const start = performance.now() - (request.waitedMs ?? 0);
  const what = conditions.map((c) => c.what).join(' and ');
  const held = () => {
    const waitedMs = Math.round(performance.now() - start);
    return { waitedMs, detail: what };
  };
  let seen = evaluate(conditions);
  if (seen === null) return request.waitedMs ? held() : { waitedMs: 0, detail: `${what} (it already had)` };
  return new Promise((resolve, reject) => {
    const finish = (error?: AgentError) => {
      clearInterval(timer);
      clearTimeout(deadline);
      observer.disconnect();
      if (error) reject(error);
      else resolve(held());
    };
    const poll = () => {
      try {
        seen = evaluate(conditions);
      } catch (error) {
        finish(error instanceof AgentError ? error : new AgentError('INTERNAL', String(error)));
        return;
      }
      if (seen === null) finish();
    };
    const timer = setInterval(poll, POLL_MS);
    // Mutations can come every frame (animations via style attributes); one
    // check per frame is enough, and the interval catches the rest.
    let lastMutationPoll = 0;
    const observer = new MutationObserver(() => {
      const now = performance.now();
      if (now - lastMutationPoll < 16) return;
      lastMutationPoll = now;
      poll();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const deadline = setTimeout(() => {
      poll();
      if (seen === null) return;
      finish(new AgentError('TIMEOUT', `Waited ${request.timeoutMs + (request.waitedMs ?? 0)} ms for ${what}; ${seen}. Wait longer (timeout), check the condition, or take a snapshot to see the page.`));
    }, Math.max(0, request.timeoutMs));
  });
}

/** null when all conditions hold, else what the first failing one saw. */
function evaluate(conditions: Condition[]): string | null {
  for (const condition of conditions) {
    const seen = condition.check();
    if (seen !== null) return seen;
  }
  return null;
}

function elementCondition(target: TargetSpec, state: State): Condition {
  const label = targetLabel(target);
  return {
    what: `${label} to be ${state}`,
    check() {
      let el: Element | null = null;
      let note = '';
      try {
        el = resolveSpec(target).element;
      } catch (error) {
        // A ref that went stale, or a selector with no match, is detached —
        // what a `detached`/`hidden` wait is waiting for.
        if (!(error instanceof AgentError) || (error.code !== 'STALE_REF' && error.code !== 'ELEMENT_NOT_FOUND')) throw error;
        if (error.code === 'STALE_REF' && (state === 'attached' || state === 'visible')) throw error; // it will never come back
        note = target.ref ? 'the ref is stale (its element was removed)' : 'no element matches';
      }
      const visible = el ? isVisible(el) : false;
      const holds = state === 'attached' ? !!el : state === 'detached' ? !el : state === 'visible' ? visible : !visible;
      if (holds) return null;
      if (!el) return note;
      return `it is ${visible ? 'visible' : 'attached but hidden'}: ${describe(el)}`;
    },
  };
}

export function textCondition(text: string, appear: boolean): Condition {
  const needle = normalize(text);
  return {
    what: `text "${text}" to ${appear ? 'appear' : 'disappear'}`,
    check() {
      const page = normalize(document.body?.innerText ?? '');
      const at = page.indexOf(needle);
      if (appear) return at >= 0 ? null : `the page shows: "${clip(page, EXCERPT)}"`;
      if (at < 0) return null;
      const from = Math.max(0, at - 60);
      return `it is still shown: "${from > 0 ? '…' : ''}${clip(page.slice(from), EXCERPT)}"`;
    },
  };
}
