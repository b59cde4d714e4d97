/**
 * A decider with no model behind it: a fixed plan of "do X to the element
 * with role R and name N", where every ref is read from the current snapshot
 * text — the same information an LLM gets, and nothing else (no selectors,
 * no DOM access). It is what the e2e test runs, and a template for
 * deterministic flows you want to replay.
 */
import type { Action, Decide } from './agent-loop.ts';

export interface PlanStep {
  role: string;
  /** Exact accessible name, or a pattern when the name changes ("Cart (1)"). */
  name: string | RegExp;
  do: 'click' | { fill: string } | { type: string; submit?: boolean };
}

/** One snapshot line with a ref, e.g. `  - button "Add to cart" [ref=e12]`. */
const LINE = /^\s*- ([a-z]+) "((?:[^"\\]|\\.)*)"[^\n]*?\[ref=((?:f\d+)?e\d+)\]/;

export interface SnapshotElement {
  role: string;
  name: string;
  ref: string;
}

/** Every element in a snapshot that has a role, a name and a ref. */
export function elementsOf(snapshot: string): SnapshotElement[] {
  const elements: SnapshotElement[] = [];
  for (const line of snapshot.split('\n')) {
    const match = LINE.exec(line);
    if (match) elements.push({ role: match[1], name: match[2].replace(/\\(.)/g, '$1'), ref: match[3] });
  }
  return elements;
}

export function findRef(snapshot: string, role: string, name: string | RegExp): string | undefined {
  return elementsOf(snapshot).find((e) => e.role === role && (typeof name === 'string' ? e.name === name : name.test(e.name)))?.ref;
}

/**
 * Follows `plan` one step per turn and reports done once `doneWhen` matches
 * the snapshot. A step whose element is not in the snapshot is a failure of
 * the plan, so it throws with the snapshot to show what the page offered.
 */
export function scriptedDecider(plan: PlanStep[], doneWhen: RegExp): Decide {
  return async (_goal, snapshot, history) => {
    const finished = doneWhen.exec(snapshot);
    if (finished) return { type: 'done', answer: finished[0] };
    const step = plan[history.length];
    if (!step) throw new Error(`The plan ran out after ${plan.length} steps and ${doneWhen} never appeared. Last snapshot:\n${snapshot}`);
    const ref = findRef(snapshot, step.role, step.name);
    if (!ref) throw new Error(`No ${step.role} "${step.name}" with a ref in the snapshot:\n${snapshot}`);
    const why = `${step.role} "${typeof step.name === 'string' ? step.name : step.name.source}"`;
    let action: Action;
    if (step.do === 'click') action = { type: 'click', ref, reason: `click ${why}` };
    else if ('fill' in step.do) action = { type: 'fill', ref, value: step.do.fill, reason: `fill ${why}` };
    else action = { type: 'type', ref, text: step.do.type, submit: step.do.submit, reason: `type into ${why}` };
    return action;
  };
}

/** The demo shop task: find a wireless mouse, add it to the cart, check out. */
export const DEMO_SHOP_GOAL = 'Buy a wireless mouse: search for it, add it to the cart, and check out as Ada Lovelace, ada@example.com, 12 St James Square, London.';

export const DEMO_SHOP_PLAN: PlanStep[] = [
  { role: 'searchbox', name: 'Search products', do: { fill: 'mouse' } },
  { role: 'button', name: 'Search', do: 'click' },
  { role: 'button', name: 'Add Wireless Mouse to cart', do: 'click' },
  { role: 'button', name: /^Cart \(1\)$/, do: 'click' },
  { role: 'button', name: 'Checkout', do: 'click' },
  { role: 'textbox', name: 'Full name', do: { fill: 'Ada Lovelace' } },
  { role: 'textbox', name: 'Email', do: { fill: 'ada@example.com' } },
  { role: 'textbox', name: 'Address', do: { fill: '12 St James Square, London' } },
  { role: 'button', name: 'Place order', do: 'click' },
];

export const DEMO_SHOP_DONE = /heading "Order confirmed"/;
