import { z } from 'zod';
import type { ActionReport } from '../../../../../src/shared/methods/actions.ts';
import { dialogKind } from '../../../../../src/shared/methods/common.ts';
import type { ToolResponse } from '../../response.ts';
import type { ToolContext } from '../../tool.ts';
import { appendSnapshot } from '../snapshot.ts';
import { describeDownload } from '../download.ts';
import { tellAnnounced, tellTextShown } from '../announced.ts';

/** Every element-taking tool names its element the same way. */
export const TARGET = {
  ref: z.string().optional().describe('Ref from browser_snapshot, e.g. e12'),
  selector: z.string().optional().describe('CSS selector, if no ref (first visible match)'),
  element: z.string().optional().describe('What the element is, for error messages'),
  tabId: z.number().int().optional().describe('Tab id (default: current tab)'),
};

export const MODIFIERS = z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])).optional().describe('Keys held during the click');

export const SNAPSHOT_AFTER = {
  snapshot: z.boolean().optional().describe('Also return a fresh snapshot after the action'),
};

/** The short effect report every action returns: what was hit and what it caused. */
export async function reportAction(verb: string, report: ActionReport, response: ToolResponse, ctx: ToolContext, snapshot?: boolean): Promise<void> {
  response.text(report.unchanged ? `Already ${verb.toLowerCase()}: ${report.detail} (nothing was clicked)` : `${verb} ${report.detail}${report.via === 'cdp' ? '' : ' (set through the DOM)'}`);
  tellAnnounced(response, report.announcedBefore, 'After the last report, before this action');
  tellTextShown(response, report.textShownBefore, 'After the last report, before this action');
  if (report.unchanged) return;
  if (report.toggled) response.text(`It is now ${report.toggled}.`);
  // First what the page asked its server, then what it did with the answer (a login's redirect).
  if (report.requests) listRequests(response, report.requests);
  if (report.navigatedTo && !report.download) {
    const status = report.navigatedStatus;
    response.text(`Navigated to ${report.navigatedTo}${status === undefined ? '' : ` — HTTP ${status}${status >= 400 ? ' (the page shown is the server\'s error page)' : ''}`}`);
  }
  // A field's error in an alert ("Email is required") is told below with the field it is by.
  const byFields = new Set([...(report.markedInvalid ?? []), ...(report.fieldMessages ?? [])].map((f) => f.message));
  tellAnnounced(response, report.announced?.filter(({ text }) => !byFields.has(text)));
  for (const url of report.framesNavigated ?? []) response.text(`A frame navigated to ${url} (refs from its old page are gone: take a new snapshot)`);
  if (report.download) response.text(describeDownload(report.download));
  ctx.browser.markAnnounced((report.newTabs ?? []).map((tab) => tab.id));
  for (const tab of report.newTabs ?? []) response.text(`New tab opened: tab ${tab.id} — ${tab.url || 'about:blank'} (use tabId ${tab.id} to act there)`);
  if (report.fieldHolds) {
    response.text(report.fieldLimit !== undefined
      ? `The field now holds ${report.fieldHolds}: it takes at most ${report.fieldLimit} characters (maxlength), and the keys past them were dropped.`
      : `The field now holds ${report.fieldHolds}: the page changed or refused part of the text (an input mask, a filter).`);
  }
  if (report.stepped) {
    const { asked, now, stuck, presses } = report.stepped;
    response.text(now === null ? `It no longer says a value (aria-valuenow), so it may not be at ${asked}: take a snapshot.`
      : stuck ? `It stopped at ${now}: a key moved it no further (its end, or it takes no keys), so it is not at ${asked}.`
      : presses ? `It is at ${now} after ${presses} presses, short of ${asked}: fill again to go on (PageUp and PageDown, with browser_press_key, take bigger steps on many sliders).`
      : `It is at ${now}, the nearest to ${asked} its steps reach.`);
  }
  if (report.fieldInvalid) response.text(`The browser's checks of the field find what it holds invalid: ${report.fieldInvalid}`);
  if (report.fieldReplaced) {
    const { line, value } = report.fieldReplaced;
    response.text(`The page replaced the field with a new one as the text went in (it re-rendered it), so what came after went elsewhere. ${line ? `In its place now: ${line}${value !== undefined ? `, holding ${JSON.stringify(value)}` : ''}.` : 'No one field like it is there now: take a new snapshot.'}`);
  }
  if (report.focus) response.text(`Focus: ${report.focus}`);
  if (report.suggestions) listOptions(response, `Suggestions in ${report.suggestions.popup} (browser_click one to pick it):`, report.suggestions);
  if (report.closedDialog) response.text(`It closed ${report.closedDialog}.`);
  if (report.threw) {
    const { errors, more } = report.threw;
    response.text(`The page's script threw ${errors.length + more === 1 ? 'an error' : 'errors'} meanwhile, uncaught:`);
    for (const error of errors) response.text(`- ${error}`);
    if (more) response.text(`… and ${more} more (browser_console_messages lists them)`);
  }
  if (report.opened) listOptions(response, `It opened ${report.opened.popup}:`, report.opened);
  if (report.revealed) listOptions(response, 'It showed:', { options: report.revealed.lines, more: report.revealed.more });
  tellTextShown(response, report.textShown);
  if (report.tabClosed) {
    response.text(`The page closed its tab (${report.tabId}). Commands without a tabId now go to the current tab; browser_tabs lists them.`);
    return;
  }
  if (report.invalidFields?.length) {
    response.text(`The form was not sent: the browser found ${report.invalidFields.length === 1 ? 'this field' : 'these fields'} invalid. Correct ${report.invalidFields.length === 1 ? 'it' : 'them'}, then send it again.`);
    for (const { field, message } of report.invalidFields) response.text(`- ${field}: ${message}`);
  }
  if (report.enterNotSent) response.text(enterNotSentNote(report.enterNotSent));
  // Those the browser found invalid, as above, and the page then marked so too (React Aria's): said once.
  const marked = report.markedInvalid?.filter((m) => !report.invalidFields?.some((f) => f.field === m.field)) ?? [];
  if (marked.length) {
    response.text(`The page marked ${marked.length === 1 ? 'this field' : 'these fields'} invalid:`);
    for (const { field, message } of marked) response.text(`- ${field}: ${message}`);
  }
  if (report.fieldMessages?.length) {
    response.text(`The page shows ${report.fieldMessages.length === 1 ? 'an error by this field' : 'errors by these fields'}:`);
    for (const { field, message } of report.fieldMessages) response.text(`- ${field}: ${message}`);
  }
  if (report.frameUnresponsive) {
    response.text('The frame it went into has not answered since (a script the action started there is still running): commands on its elements say PAGE_UNRESPONSIVE while it lasts; the rest of the page still works.');
  }
  if (report.unresponsive) {
    response.text('The page has not answered since (a script the action started is still running): other commands say PAGE_UNRESPONSIVE while it lasts; browser_reload or browser_navigate leaves it.');
    return; // a snapshot would wait for the blocked page
  }
  if (report.fileChooser) {
    response.text(`A file chooser opened${report.fileChooser.multiple ? ' (several files allowed)' : ''}: call browser_file_upload with paths and no ref to choose the file${report.fileChooser.multiple ? 's' : ''}.`);
  }
  if (report.notTyped) {
    const { rest, after, by } = report.notTyped;
    response.text(by === 'navigation'
      ? `The rest of the text, ${JSON.stringify(rest)}, was not typed: the page went elsewhere after ${JSON.stringify(after)} was typed, and it would have gone to the next page.`
      : `The rest of the text, ${JSON.stringify(rest)}, was not typed: the dialog below opened as ${JSON.stringify(after)} was typed. Once it is handled, type the rest if it is still wanted.`);
  }
  if (report.dialog) {
    response.text(dialogOpened(report.dialog));
    return; // a snapshot would wait for the blocked page
  }
  if (snapshot) await appendSnapshot(response, ctx, report.tabId);
}

/**
 * A dialog the page opened, and what to do about it: 'An alert dialog opened: "…"', or after `lead`
 * ('As it loaded, the page opened') 'an alert dialog: "…"'.
 */
export function dialogOpened(dialog: NonNullable<ActionReport['dialog']>, lead?: string): string {
  const what = `"${dialog.message}"${dialog.defaultPrompt !== undefined ? ` (default "${dialog.defaultPrompt}")` : ''}. It blocks the page: call browser_handle_dialog.`;
  return lead ? `${lead} ${dialogKind(dialog)}: ${what}` : `${dialogKind(dialog, true)} opened: ${what}`;
}

/** `made`: who made them, after "Request(s)": the action ("it started"), or the page as it loaded. */
export function listRequests(response: ToolResponse, { list, more }: NonNullable<ActionReport['requests']>, made = 'it started'): void {
  const lines = list.map((r) => {
    const answer = r.pending ? 'no answer yet (still running: a stream or a slow server)'
      : r.status !== undefined ? `${r.status}${r.statusText ? ` ${r.statusText}` : ''}${r.failure ? ` (${r.failure})` : ''}`
      : `failed: ${r.failure ?? 'no response'}`;
    const time = r.ms === undefined ? '' : r.receiving ? ` (headers after ${r.ms} ms; the body is still coming or was not read)` : ` (${r.ms} ms)`;
    return `${r.method} ${r.url} → ${answer}${time}`;
  });
  if (lines.length === 1 && !more) response.text(`Request ${made}: ${lines[0]}`);
  else response.text(`Requests ${made}:`, ...lines.map((line) => `- ${line}`), ...(more ? [`- … ${more} more (browser_network_requests lists them)`] : []));
  if (list.some((r) => r.pending)) response.text('What it brings may not show yet: browser_wait_for waits for the text you expect.');
}

function listOptions(response: ToolResponse, heading: string, { options, more }: { options: string[]; more: number }): void {
  response.text(heading, ...options.map((line) => `- ${line}`));
  if (more) response.text(`- … ${more} more`);
}

/** Enter sent nothing: the browser's rule that kept the form, and what sends it. */
function enterNotSentNote({ button, fields }: NonNullable<ActionReport['enterNotSent']>): string {
  if (button) return `Enter did not send the form: its submit button ${button} is disabled, and then the browser sends nothing. Something on the page enables it first (a box to tick, a field still empty or invalid): a snapshot shows what.`;
  return `Enter did not send the form: it has no submit button and ${fields} fields, and then the browser does not send it on Enter. Click the control that sends it.`;
}
