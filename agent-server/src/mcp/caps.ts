/**
 * Capability profiles: tools come in groups, and a server offers only the
 * groups it is asked for (--caps). Every tool definition costs context
 * tokens in every request a model makes, so the default set stays small.
 */
import { AgentError } from '../../../src/shared/errors.ts';
import type { Tool } from './tool.ts';

export const CAPABILITIES: Record<string, string[]> = {
  core: [
    'browser_navigate', 'browser_navigate_back', 'browser_snapshot', 'browser_click', 'browser_hover', 'browser_fill', 'browser_type',
    'browser_press_key', 'browser_select_option', 'browser_check', 'browser_uncheck', 'browser_wait_for', 'browser_handle_dialog',
    'browser_take_screenshot', 'browser_console_messages', 'browser_evaluate',
  ],
  tabs: ['browser_tabs', 'browser_navigate_forward', 'browser_reload'],
  interact: ['browser_dblclick', 'browser_focus', 'browser_drag', 'browser_scroll', 'browser_get', 'browser_is', 'browser_find'],
  network: ['browser_network_requests', 'browser_network_request', 'browser_clear_network_requests', 'browser_set_offline'],
  devtools: ['browser_clear_console_messages', 'browser_resize'],
  pwa: ['browser_service_workers'],
  files: ['browser_file_upload', 'browser_read_image'],
  vision: ['browser_mouse_click_xy', 'browser_mouse_move_xy', 'browser_mouse_drag_xy', 'browser_mouse_wheel_xy'],
};

export const DEFAULT_CAPS = ['core', 'tabs'];

/** The tools for a --caps list ("core,network" or "all"); unknown names are an error that lists the valid ones. */
export function selectTools(tools: Tool[], caps: string[]): Tool[] {
  if (caps.includes('all')) return tools;
  for (const cap of caps) {
    if (!CAPABILITIES[cap]) throw new AgentError('INVALID_PARAMS', `Unknown capability "${cap}" in --caps. Choose from: ${Object.keys(CAPABILITIES).join(', ')}, or all.`);
  }
  const wanted = new Set(caps.flatMap((cap) => CAPABILITIES[cap]));
  return tools.filter((tool) => wanted.has(tool.name));
}

/** Which group a tool is in (for docs); every tool must be in one. */
export function capabilityOf(name: string): string | undefined {
  return Object.entries(CAPABILITIES).find(([, names]) => names.includes(name))?.[0];
}
