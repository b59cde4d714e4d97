/**
 * On-page feedback while the agent acts: a brief outline around the element
 * being acted on, and a small "Agent is controlling this tab" pill. Both
 * live in one closed shadow root on a fixed, full-viewport host with
 * pointer-events: none, so the page cannot style or read them and they
 * never take a click, a hover or a hit test meant for the page (the
 * actionability hit test uses elementFromPoint, which skips
 * pointer-events: none). The pill alone takes clicks, to hide it.
 */

/** The snapshot walk should skip elements with this attribute: they are ours, not the page's. */
export const HOST_ATTR = 'data-llm-browser-agent-feedback';
const FLASH_MS = 600;

let host: HTMLElement | null = null;
let root: ShadowRoot | null = null;
let pill: HTMLElement | null = null;
let pillDismissed = false;

const STYLE = `
  :host { all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647; contain: strict; }
  .flash { position: fixed; box-sizing: border-box; border: 2px solid #0969da; border-radius: 3px;
    background: #0969da1a; box-shadow: 0 0 0 3px #0969da40; transition: opacity .2s; }
  .flash.out { opacity: 0; }
  .pill { position: fixed; right: 12px; bottom: 12px; pointer-events: auto; cursor: pointer;
    font: 600 12px/1 system-ui, sans-serif; color: #fff; background: #1f2328e6; padding: 6px 10px 6px 8px;
    border-radius: 14px; box-shadow: 0 1px 4px #0004; display: flex; align-items: center; gap: 6px; user-select: none; }
  .pill::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #2da44e; }
`;

function overlay(): ShadowRoot {
  if (root && host?.isConnected) return root;
  host = document.createElement('llm-browser-agent-feedback');
  host.setAttribute(HOST_ATTR, '');
  // Closed: page scripts get null from host.shadowRoot and cannot tamper with it.
  root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  root.append(style);
  // Outside <body> so body styles (transform, overflow) cannot clip or shift it.
  document.documentElement.append(host);
  return root;
}

/**
 * Outlines `el` for about 600 ms. Safe to call for every action; never
 * throws. Call it once the action has answered: the outline is a DOM change,
 * and made before, it cost the action's own layout reads a style and layout
 * update (about half of a click's work in the page).
 */
export function flashTarget(el: Element): void {
  try {
    const rect = el.getBoundingClientRect();
    if (!rect.width && !rect.height) return;
    const box = document.createElement('div');
    box.className = 'flash';
    Object.assign(box.style, { left: `${rect.left - 2}px`, top: `${rect.top - 2}px`, width: `${rect.width + 4}px`, height: `${rect.height + 4}px` });
    overlay().append(box);
    setTimeout(() => box.classList.add('out'), FLASH_MS - 200);
    setTimeout(() => box.remove(), FLASH_MS);
  } catch {
    // Feedback is a courtesy: it must never make an action fail.
  }
}

/** Call before the action's hit test: moves the indicator out of the way when it covers `target` (an element, or a point input goes to). */
export function clearWayFor(target: Element | DOMRectReadOnly): void {
  try {
    if (pill) stepAsideFor(target instanceof Element ? target.getBoundingClientRect() : target);
  } catch {
    // As above: never fails an action.
  }
}

/**
 * The pill takes clicks (to hide it), so over the agent's target it would
 * fail the hit test or swallow the click: it steps aside while the agent
 * acts there.
 */
function stepAsideFor(target: DOMRectReadOnly): void {
  if (!pill) return;
  const own = pill.getBoundingClientRect();
  const overlaps = own.left < target.right && target.left < own.right && own.top < target.bottom && target.top < own.bottom;
  if (!overlaps) return;
  const hidden = pill;
  hidden.style.visibility = 'hidden';
  setTimeout(() => hidden.style.removeProperty('visibility'), 2000);
}

/** Shows or hides the "Agent is controlling this tab" pill. Once the user clicks it away it stays away on this page. */
export function showAgentIndicator(visible: boolean): void {
  if (!visible || pillDismissed) {
    pill?.remove();
    pill = null;
    return;
  }
  if (pill?.isConnected) return;
  pill = document.createElement('div');
  pill.className = 'pill';
  pill.textContent = 'Agent is controlling this tab';
  pill.title = 'Click to hide. Stop the agent from the extension popup.';
  pill.setAttribute('role', 'status');
  pill.addEventListener('click', () => {
    pillDismissed = true;
    showAgentIndicator(false);
  });
  overlay().append(pill);
}

/**
 * Hides all feedback for a screenshot and returns the function that shows it
 * again. Call it before capturing, and the returned function after.
 */
export function hideFeedbackForScreenshot(): () => void {
  const hidden = host;
  if (!hidden) return () => undefined;
  const previous = hidden.style.display;
  hidden.style.setProperty('display', 'none', 'important');
  return () => {
    if (previous) hidden.style.display = previous;
    else hidden.style.removeProperty('display');
  };
}
