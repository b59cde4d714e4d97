import type { Announcement } from '../../../../src/shared/content-messages.ts';
import type { ActionReport } from '../../../../src/shared/methods/actions.ts';
import type { ToolResponse } from '../response.ts';

/**
 * What the page's live regions said, a line each: during the action (no `when`), or at a time it
 * names ("Since the last report"), as `When, the page announced (status): "Saved"`.
 */
export function tellAnnounced(response: ToolResponse, announced: Announcement[] | undefined, when?: string): void {
  for (const { role, text } of announced ?? []) response.text(`${when ? `${when}, the page` : 'The page'} announced (${role}): "${text}"`);
}

/**
 * Text the page wrote, quoted: by the action (no `when`: `The page now shows: "Clicks: 2"`), or at a
 * time it names (`Since the last report, the page showed: "12 results"`); a list for several places.
 */
export function tellTextShown(response: ToolResponse, shown: ActionReport['textShown'], when?: string): void {
  if (!shown) return;
  const heading = when ? `${when}, the page showed:` : 'The page now shows:';
  const quoted = shown.texts.map((text) => JSON.stringify(text));
  if (quoted.length === 1 && !shown.more) return void response.text(`${heading} ${quoted[0]}`);
  response.text(heading, ...quoted.map((line) => `- ${line}`));
  if (shown.more) response.text(`- … ${shown.more} more`);
}
