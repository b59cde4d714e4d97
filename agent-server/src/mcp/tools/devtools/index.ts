import type { Tool } from '../../tool.ts';
import { clearConsoleMessages, consoleMessages } from './console.ts';
import { resize, serviceWorkers } from './emulation.ts';
import { evaluate } from './evaluate.ts';
import { clearNetworkRequests, networkRequest, networkRequests, setOffline } from './network.ts';
import { readImage } from './read-image.ts';

/** Debugging-kit tools: console, evaluate, network, emulation, service workers, images. browser_take_screenshot is in ../screenshot.ts. */
export const DEVTOOLS_TOOLS: Tool[] = [
  consoleMessages,
  clearConsoleMessages,
  evaluate,
  networkRequests,
  networkRequest,
  clearNetworkRequests,
  setOffline,
  resize,
  serviceWorkers,
  readImage,
] as unknown as Tool[];
