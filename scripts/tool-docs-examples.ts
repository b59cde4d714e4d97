/**
 * What the generated tool reference cannot read from the schemas: which error
 * codes a tool can return, and example arguments and responses. Conventions
 * cover new tools automatically (a tool with a tabId gets the tab errors, one
 * with a ref the element errors); the maps below only add what is specific.
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

/** Arguments for the example call, when the required parameters alone would not show the common use. */
const EXAMPLE_ARGS: Record<string, Record<string, unknown>> = {
  browser_snapshot: { interactive: true },
  browser_tabs: { action: 'list' },
  browser_take_screenshot: {},
  browser_fill: { ref: 'e14', value: 'jane@example.com' },
  browser_type: { ref: 'e5', text: 'laptop', submit: true },
  browser_press_key: { key: 'Enter' },
  browser_select_option: { ref: 'e21', values: ['Express'] },
  browser_drag: { from: 'e7', to: 'e9' },
  browser_scroll: { deltaY: 600 },
  browser_file_upload: { ref: 'e30', paths: ['/home/me/photo.png'] },
  browser_wait_for: { text: 'Order confirmed' },
  browser_get: { what: 'text', ref: 'e12' },
  browser_is: { what: 'checked', ref: 'e18' },
  browser_find: { role: 'button', name: 'Add to cart' },
  browser_console_messages: { level: 'error' },
  browser_evaluate: { expression: 'document.title' },
  browser_network_requests: { failedOnly: true },
  browser_network_request: { id: '42' },
  browser_resize: { preset: 'mobile' },
  browser_read_image: { path: '/home/me/chart.png' },
  browser_mouse_click_xy: { x: 320, y: 240 },
  browser_mouse_move_xy: { x: 320, y: 240 },
  browser_mouse_drag_xy: { startX: 100, startY: 200, endX: 400, endY: 200 },
  browser_mouse_wheel_xy: { x: 320, y: 240, deltaY: -300 },
};

/** Values for required parameters of tools not in EXAMPLE_ARGS, by parameter name. */
const VALUE_BY_NAME: Record<string, unknown> = {
  url: 'https://example.com',
  ref: 'e12',
  value: 'hello',
  text: 'hello',
  key: 'Enter',
  accept: true,
  offline: true,
  path: '/home/me/file.png',
  paths: ['/home/me/file.png'],
  values: ['option'],
  id: '1',
};

export function exampleArgs(tool: Tool, required: string[], firstEnum: (param: string) => string | undefined): Record<string, unknown> {
  if (EXAMPLE_ARGS[tool.name]) return EXAMPLE_ARGS[tool.name];
  const args: Record<string, unknown> = {};
  for (const param of required) args[param] = firstEnum(param) ?? VALUE_BY_NAME[param] ?? 'value';
  // Element tools with no required parameter are still called with a ref in practice.
  if (!required.length && 'ref' in tool.schema) args.ref = 'e12';
  return args;
}

/** What the tool answers, in the same words the handlers write. */
const EXAMPLE_RESPONSES: Record<string, string> = {
  browser_navigate: 'Navigated to https://example.com/\nTitle: Example Domain\nTab: 1843',
  browser_navigate_back: 'Now at https://example.com/\nTitle: Example Domain\nTab: 1843',
  browser_navigate_forward: 'Now at https://example.com/more\nTitle: More\nTab: 1843',
  browser_reload: 'Reloaded https://example.com/\nTitle: Example Domain\nTab: 1843',
  browser_snapshot: [
    'Page: Demo Shop',
    'URL: http://127.0.0.1:4173/',
    'Tab: 1843',
    'Snapshot (164 characters):',
    '```yaml',
    '- heading "Demo Shop" [level=1]',
    '- searchbox "Search products" [ref=e5]',
    '- button "Search" [ref=e6]',
    '- button "Add to cart" [ref=e12]',
    '```',
  ].join('\n'),
  browser_tabs: '- [current] tab 1843: Demo Shop — http://127.0.0.1:4173/\n- tab 1851: Docs — https://example.com/docs',
  browser_take_screenshot: 'Screenshot of tab 1843: viewport, 1280×720 px (device pixel ratio 1).\nSaved to /home/me/browser-agent-output/screenshot-2026-11-22T05-50-00.png\n(plus the PNG as image content)',
  browser_click: 'Clicked button "Add to cart"',
  browser_dblclick: 'Double-clicked cell "Name"',
  browser_hover: 'Hovered menuitem "Products"',
  browser_focus: 'Focused textbox "Email"',
  browser_fill: 'Filled textbox "Email"',
  browser_type: 'Typed into searchbox "Search products"\nNavigated to http://127.0.0.1:4173/?q=laptop',
  browser_press_key: 'Key: Enter on searchbox "Search products"',
  browser_check: 'Checked checkbox "I agree"',
  browser_uncheck: 'Unchecked checkbox "Newsletter"',
  browser_select_option: 'Selected in combobox "Shipping": Express',
  browser_drag: 'Dragged listitem "Task 1" onto list "Done"',
  browser_mouse_click_xy: 'Clicked at (320, 240): canvas [ref=e3]',
  browser_mouse_move_xy: 'Moved the mouse to (320, 240): canvas [ref=e3]',
  browser_mouse_drag_xy: 'Dragged from (100, 200): canvas [ref=e3] to (400, 200): canvas [ref=e3]',
  browser_mouse_wheel_xy: 'Turned the wheel at (320, 240): canvas [ref=e3] by (0, -300)',
  browser_scroll: 'Scrolled the page by (0, 600) to (0, 600)',
  browser_file_upload: 'Uploaded to button "Photo": photo.png',
  browser_wait_for: 'Done after 412 ms: text "Order confirmed" is visible',
  browser_handle_dialog: 'Accepted the confirm dialog "Delete this item?"',
  browser_get: 'Wireless Mouse — $24.00',
  browser_is: 'true',
  browser_find: '1 match:\n- button "Add to cart" [ref=e12]',
  browser_evaluate: '"Demo Shop"',
  browser_resize: 'Viewport of tab 1843 set to 390×844 (mobile, touch); the page sees innerWidth 390, innerHeight 844.',
  browser_set_offline: 'Tab 1843 is offline: requests that reach the network fail.',
  browser_clear_console_messages: 'Cleared 3 console messages of tab 1843.',
  browser_clear_network_requests: 'Cleared 12 requests of tab 1843.',
};

export function exampleResponse(tool: Tool): string | undefined {
  return EXAMPLE_RESPONSES[tool.name];
}
