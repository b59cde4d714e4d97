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

/** Data requests (fetch, XHR) an action started, as waited for: the page's own first, failed and unanswered ones first. */
/** A JavaScript dialog the page opened (alert, confirm, prompt with its default, beforeunload), which holds it until answered. */
export const PageDialog = z.object({ type: z.string(), message: z.string(), defaultPrompt: z.string().optional() });

/** How reports name a page's dialog: "an alert dialog", "a confirm dialog" ("An …" to start a sentence). */
export function dialogKind({ type }: { type: string }, sentenceStart = false): string {
  const article = /^[aeiou]/.test(type) ? 'an' : 'a';
  return `${sentenceStart ? article[0]!.toUpperCase() + article.slice(1) : article} ${type} dialog`;
}

export const StartedRequests = z.object({
  list: z.array(z.object({
    method: z.string(),
    /** Path and query on the page's own origin, else the whole URL. */
    url: z.string(),
    status: z.number().optional(),
    statusText: z.string().optional(),
    /** Why it failed without a status (net::ERR_…, canceled). */
    failure: z.string().optional(),
    ms: z.number().optional(),
    /** No answer within the wait: still running. */
    pending: z.boolean().optional(),
    /** Its headers came (`ms` after it started) but not all of its body: a stream, or a body the page never read. */
    receiving: z.boolean().optional(),
  })),
  more: z.number(),
});
export type StartedRequests = z.infer<typeof StartedRequests>;

/** Text an action wrote or showed on the page, a place each (a counter, a result, a panel drawn with no ARIA); `more` counts the places not told. */
export const TextShown = z.object({ texts: z.array(z.string()), more: z.number() });

/** What the page's live regions (alert, status, aria-live) said: a toast, an error. */
export const Announcements = z.array(z.object({ role: z.string(), text: z.string() }));
