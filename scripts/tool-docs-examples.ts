/**
 * What the generated tool reference cannot read from the schemas: which error
 * codes a tool can return. Conventions cover new tools automatically (a tool
 * with a tabId gets the tab errors, one with a ref the element errors); the
 * map below only adds what is specific. Examples are recorded from real calls
 * (record-tool-examples.ts).
 */
import type { ErrorCode } from '../src/shared/errors.ts';
import type { Tool } from '../agent-server/src/mcp/tool.ts';

/** Tools that never reach the browser, so the connection errors do not apply. */
const LOCAL_TOOLS = new Set(['browser_read_image']);

// A dialog holds the page, and leaving a page may raise a beforeunload one.
const NAVIGATION: ErrorCode[] = ['NAV_FAILED', 'NAV_DNS', 'NAV_REFUSED', 'NAV_TIMEOUT', 'NAV_ABORTED', 'DIALOG_OPEN'];
// Tools that need the page itself to answer, besides those that take an element.
const READS_PAGE = new Set(['browser_snapshot', 'browser_evaluate', 'browser_take_screenshot', 'browser_wait_for', 'browser_press_key', 'browser_scroll', 'browser_resize', 'browser_find']);
// Actions wait for these, then use trusted input through chrome.debugger.
const ACTIONABILITY: ErrorCode[] = ['NOT_VISIBLE', 'NOT_ENABLED', 'COVERED', 'DIALOG_OPEN', 'DEBUGGER_DETACHED'];

// Input at a point: the page must answer (the element there is named), and input goes through chrome.debugger.
const COORDINATES: ErrorCode[] = ['DIALOG_OPEN', 'PAGE_CRASHED', 'PAGE_UNRESPONSIVE', 'DEBUGGER_DETACHED'];

const EXTRA_ERRORS: Record<string, ErrorCode[]> = {
  browser_navigate: ['INVALID_URL', 'BLOCKED_SCHEME', ...NAVIGATION],
  browser_navigate_back: NAVIGATION,
  browser_navigate_forward: NAVIGATION,
  browser_reload: NAVIGATION,
  browser_tabs: ['INVALID_URL', 'BLOCKED_SCHEME'],
  browser_fill: ['NOT_EDITABLE'],
  browser_type: ['NOT_EDITABLE'],
  browser_check: ['INVALID_TARGET'],
  browser_uncheck: ['INVALID_TARGET'],
  browser_select_option: ['INVALID_TARGET'],
  browser_file_upload: ['INVALID_TARGET'],
  browser_handle_dialog: ['NO_DIALOG'],
  browser_evaluate: ['EXECUTION_ERROR'],
  browser_take_screenshot: ['DEBUGGER_DETACHED'],
  browser_mouse_click_xy: COORDINATES,
  browser_mouse_move_xy: COORDINATES,
  browser_mouse_drag_xy: COORDINATES,
  browser_mouse_wheel_xy: COORDINATES,
};

/** The codes a tool can return, derived from its parameters plus EXTRA_ERRORS. */
export function errorsOf(tool: Tool): ErrorCode[] {
  const params = Object.keys(tool.schema);
  const codes: ErrorCode[] = ['INVALID_PARAMS'];
  if (!LOCAL_TOOLS.has(tool.name)) codes.push('TIMEOUT', 'EXTENSION_NOT_CONNECTED');
  if (params.includes('tabId')) codes.push('TAB_NOT_FOUND', 'TAB_CLOSED', 'NO_TAB');
  const takesElement = ['ref', 'selector', 'root', 'from', 'to'].some((p) => params.includes(p));
  if (takesElement) codes.push('STALE_REF', 'ELEMENT_NOT_FOUND', 'INVALID_SELECTOR');
  if (takesElement && !tool.readOnly && tool.name !== 'browser_take_screenshot') codes.push(...ACTIONABILITY);
  if (takesElement || READS_PAGE.has(tool.name)) codes.push('DIALOG_OPEN', 'PAGE_CRASHED', 'PAGE_UNRESPONSIVE');
  codes.push(...(EXTRA_ERRORS[tool.name] ?? []));
  return [...new Set(codes)];
}
