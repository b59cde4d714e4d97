import { z } from 'zod';
import { Announcements, DownloadFile, PageDialog, StartedRequests, TabId, TextShown } from './common.ts';

export const TabInfo = z.object({
  id: TabId,
  title: z.string(),
  url: z.string(),
  current: z.boolean(),
  loading: z.boolean(),
});
export type TabInfo = z.infer<typeof TabInfo>;

const WaitUntil = z.enum(['commit', 'domcontentloaded', 'load', 'networkidle']);

const NavigationResult = z.object({
  tabId: TabId,
  url: z.string(),
  title: z.string(),
  /** HTTP status of the main document, when there was a response. */
  status: z.number().int().optional(),
  /** The URL downloaded a file instead of showing a page. */
  download: DownloadFile.optional(),
  /** The tab's old id: its blocked page could only be left by discarding it, and Chrome gave the tab a new id. */
  replacedTab: TabId.optional(),
  /** Ready, but still loading when the default wait for the load event ended: the URLs still pending. */
  stillLoading: z.object({ pending: z.array(z.string()) }).optional(),
  /** Pages that sent the browser on as they loaded (a script's redirect, <meta refresh>), followed to the last. */
  redirectedFrom: z.array(z.string()).optional(),
  /** Back or forward within one document (a single-page app's route): the requests its router then made, waited for. */
  requests: StartedRequests.optional(),
  /** A dialog the page opened as it loaded (a welcome alert), which holds it until handled. */
  dialog: PageDialog.optional(),
});

export const CORE_METHODS = {
  ping: {
    params: z.object({}),
    result: z.object({ pong: z.literal(true) }),
  },
  navigate: {
    params: z.object({ url: z.string(), tabId: TabId.optional(), waitUntil: WaitUntil.optional(), allowFile: z.boolean().optional() }),
    result: NavigationResult,
  },
  history: {
    params: z.object({ tabId: TabId.optional(), direction: z.enum(['back', 'forward', 'reload']), waitUntil: WaitUntil.optional() }),
    result: NavigationResult.extend({ note: z.string().optional() }),
  },
  snapshot: {
    params: z.object({
      tabId: TabId.optional(),
      interactive: z.boolean().optional(),
      depth: z.number().int().nonnegative().optional(),
      root: z.string().optional(),
      viewportOnly: z.boolean().optional(),
    }),
    /** pdf: the tab shows a PDF in Chromium's viewer, whose text is not in the snapshot. announced: what the page said that no report has told and the snapshot no longer shows (a toast gone again). */
    /** textShown: what the page wrote after a report whose requests were still running, when the snapshot does not print all text (interactive, part of the page). */
    result: z.object({ tabId: TabId, url: z.string(), title: z.string(), text: z.string(), pdf: z.boolean().optional(), announced: Announcements.optional(), textShown: TextShown.optional() }),
  },
  'tabs.list': {
    params: z.object({}),
    result: z.object({ tabs: z.array(TabInfo) }),
  },
  'tabs.new': {
    params: z.object({ url: z.string().optional(), allowFile: z.boolean().optional() }),
    result: TabInfo,
  },
  'tabs.select': {
    params: z.object({ tabId: TabId }),
    result: TabInfo,
  },
  'tabs.close': {
    params: z.object({ tabId: TabId.optional() }),
    result: z.object({ closed: TabId, current: TabId.nullable() }),
  },
} as const;
