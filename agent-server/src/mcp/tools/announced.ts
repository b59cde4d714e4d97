import type { Announcement } from '../../../../src/shared/content-messages.ts';
import type { ToolResponse } from '../response.ts';

/**
 * What the page's live regions said, a line each: during the action (no `when`), or at a time it
 * names ("Since the last report"), as `When, the page announced (status): "Saved"`.
 */
export function tellAnnounced(response: ToolResponse, announced: Announcement[] | undefined, when?: string): void {
  for (const { role, text } of announced ?? []) response.text(`${when ? `${when}, the page` : 'The page'} announced (${role}): "${text}"`);
}
