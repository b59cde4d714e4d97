/**
 * CDP stack traces (Runtime.StackTrace), as console messages and exceptions
 * bring them, read without the frames of our own page-world trackers.
 */
import { PAGE_SCRIPT_URL } from '../page-scripts/install.ts';

export interface CallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface StackTrace {
  callFrames: CallFrame[];
}

/** The stack without the frames of the trackers' wrappers (page-scripts/install.ts), which are ours, not the page's. */
export function pageFrames(trace: StackTrace | undefined): CallFrame[] {
  return trace?.callFrames.filter((f) => f.url !== PAGE_SCRIPT_URL) ?? [];
}
