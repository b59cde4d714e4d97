import { z } from 'zod';

export const TabId = z.number().int().nonnegative();

/** How element-taking commands name their element: a snapshot ref or a CSS selector. */
export const TargetFields = {
  tabId: TabId.optional(),
  ref: z.string().optional(),
  selector: z.string().optional(),
  /** Human description of the element, echoed in errors. */
  element: z.string().optional(),
};

/**
 * A file the browser downloaded, as it stood when the command answered: where
 * it is saved, how many bytes, and whether it is complete, still coming
 * (in_progress) or failed (interrupted, with Chrome's reason).
 */
export const DownloadFile = z.object({
  filename: z.string(),
  path: z.string(),
  bytes: z.number(),
  state: z.string(),
  error: z.string().optional(),
});
export type DownloadFile = z.infer<typeof DownloadFile>;
