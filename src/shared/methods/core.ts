import { z } from 'zod';
import { TabId } from './common.ts';

export const TabInfo = z.object({
  id: TabId,
  title: z.string(),
  url: z.string(),
  current: z.boolean(),
  loading: z.boolean(),
});
export type TabInfo = z.infer<typeof TabInfo>;

export const CORE_METHODS = {
  ping: {
    params: z.object({}),
    result: z.object({ pong: z.literal(true) }),
  },
  navigate: {
    params: z.object({ url: z.string(), tabId: TabId.optional() }),
    result: z.object({ tabId: TabId, url: z.string(), title: z.string() }),
  },
  snapshot: {
    params: z.object({
      tabId: TabId.optional(),
      interactive: z.boolean().optional(),
      depth: z.number().int().nonnegative().optional(),
      root: z.string().optional(),
      viewportOnly: z.boolean().optional(),
    }),
    result: z.object({ tabId: TabId, url: z.string(), title: z.string(), text: z.string() }),
  },
  'tabs.list': {
    params: z.object({}),
    result: z.object({ tabs: z.array(TabInfo) }),
  },
  screenshot: {
    params: z.object({ tabId: TabId.optional() }),
    result: z.object({ tabId: TabId, mimeType: z.literal('image/png'), data: z.string() }),
  },
} as const;
