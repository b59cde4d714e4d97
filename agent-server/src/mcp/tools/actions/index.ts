import type { Tool } from '../../tool.ts';
import { mouseClickXy, mouseDragXy, mouseMoveXy, mouseWheelXy } from './coordinates.ts';
import { check, fileUpload, focus, scroll, selectOption, uncheck } from './forms.ts';
import { fill, pressKey, type } from './keyboard.ts';
import { click, dblclick, drag, hover } from './pointer.ts';
import { find, get, is } from './query.ts';
import { handleDialog, waitFor } from './wait.ts';

/** Element actions, input at coordinates, waits, dialogs and queries. */
export const ACTION_TOOLS = [
  click, dblclick, hover, focus, fill, type, pressKey, check, uncheck, selectOption, drag, scroll, fileUpload, waitFor, handleDialog, get, is, find,
  mouseClickXy, mouseMoveXy, mouseDragXy, mouseWheelXy,
] as unknown as Tool[];
