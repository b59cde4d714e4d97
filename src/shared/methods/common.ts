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
