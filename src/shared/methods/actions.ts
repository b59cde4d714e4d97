/** Element actions, waits, dialogs and read-only queries. */
import { z } from 'zod';
import { Announcements, DownloadFile, PageDialog, StartedRequests, TabId, TargetFields, TextShown } from './common.ts';

const Modifier = z.enum(['Alt', 'Control', 'Meta', 'Shift']);

/** The options a popup shows: its line and its items' lines, with refs. */
const PopupOptions = z.object({ popup: z.string(), options: z.array(z.string()), more: z.number() });

/** Fields with what is wrong with them: each field's snapshot line (with its ref) and its message. */
const FieldMessages = z.array(z.object({ field: z.string(), message: z.string() }));

/** What an action caused, so the agent need not take a snapshot to find out. */
export const ActionReport = z.object({
  tabId: TabId,
  /** Description of the element acted on, or a note ("already checked"). */
  detail: z.string(),
  /** 'cdp' = trusted input through chrome.debugger; 'dom' = set through the DOM (select, native inputs). */
  via: z.enum(['cdp', 'dom']),
  navigatedTo: z.string().optional(),
  /** The HTTP status of the page it navigated to, when not 2xx (a broken link's 404). */
  navigatedStatus: z.number().optional(),
  /** Child frames the input navigated (a link inside a frame, a link targeting one): their old refs are gone. */
  framesNavigated: z.array(z.string()).optional(),
  newTabs: z.array(z.object({ id: TabId, url: z.string() })).optional(),
  dialog: PageDialog.optional(),
  /** A dialog of the page (role dialog, <dialog>) shown before the action and closed by it: its role and name. */
  closedDialog: z.string().optional(),
  /** A download the action started: its file once it ended, or as it stood after a few seconds (optional fields: older extensions sent only the name). */
  download: DownloadFile.partial({ path: true, bytes: true, state: true }).extend({ url: z.string() }).optional(),
  /** A file chooser the action opened, waiting for browser_file_upload. */
  fileChooser: z.object({ multiple: z.boolean() }).optional(),
  /** The form the action tried to send was not sent: the browser found these fields invalid (snapshot line, its validation message). */
  invalidFields: FieldMessages.optional(),
  /** Enter in a form's field sent nothing, and the browser's rules say why: its submit button (described) is disabled, or it has none and this many fields. Set only when nothing else came of the key. */
  enterNotSent: z.object({ button: z.string().optional(), fields: z.number().int().optional() }).optional(),
  /** Fields the page's own checks marked invalid (aria-invalid) on the click: a form that checks itself (snapshot line, the message it links). */
  markedInvalid: FieldMessages.optional(),
  /** Fields not marked invalid by which the page shows an error after its form was sent or tried (snapshot line, the message). */
  fieldMessages: FieldMessages.optional(),
  /** After fill or type: what the field holds, when the page changed or refused part of the text (a mask, a filter). */
  fieldHolds: z.string().optional(),
  /** After fill of a custom slider by its keys, when it did not come to the value asked for: where it is (null: it says no number), whether a key moved it no further, and the presses when it was still short after as many as one fill makes. */
  stepped: z.object({ asked: z.number(), now: z.number().nullable(), stuck: z.boolean(), presses: z.number().int().optional() }).optional(),
  /** After fill or type: the browser's message for the value the field now holds, which fails its constraints (above its max, not an email, a pattern). */
  fieldInvalid: z.string().optional(),
  /** With fieldHolds: the field is full at its maxlength, which dropped the keys past it (not the page). */
  fieldLimit: z.number().int().optional(),
  /** After fill or type: the page replaced the field as the text went in (re-rendered it); the one like it now, if any (its line, what it holds). */
  fieldReplaced: z.object({ line: z.string().optional(), value: z.string().optional() }).optional(),
  /** Typing stopped there: what a dialog a key opened, or a navigation a key started, kept from being typed (`after`: the last key typed). */
  notTyped: z.object({ rest: z.string(), after: z.string(), by: z.enum(['dialog', 'navigation']).optional() }).optional(),
  /** After fill or type into a combobox: the options its popup shows (snapshot lines with refs). */
  suggestions: PopupOptions.optional(),
  /** After a click on a closed menu button or drop-down: the items of the popup it opened. */
  opened: PopupOptions.optional(),
  /** After a hover, a click, keys or text typed: controls and tooltips it made visible (snapshot lines with refs). */
  revealed: z.object({ lines: z.array(z.string()), more: z.number() }).optional(),
  /** After a click, a hover, a drag, keys, text typed or filled, a box checked or an option chosen that showed no controls, errors or news: text they wrote or showed on the page. */
  textShown: TextShown.optional(),
  /** After a click on a toggle (a checkbox, radio, switch, a button with aria-pressed): what it is now ("checked", "not pressed"); on a column header, or a key there, how it sorts now ("sorted ascending"). */
  toggled: z.string().optional(),
  /** After keys: the focused element's snapshot line (and the item it points at with aria-activedescendant). */
  focus: z.string().optional(),
  /** Data requests (fetch, XHR) the action started, waited for up to 3 s (another site's 1 s): the page's own first, failed and unanswered ones first. */
  requests: StartedRequests.optional(),
  /** Errors the page's scripts threw uncaught during the action (a handler that failed): message and place, the first few; `more` counts the rest. */
  threw: z.object({ errors: z.array(z.string()), more: z.number() }).optional(),
  /** What the page's live regions (alert, status, aria-live) said during the action: a toast, an error. */
  announced: Announcements.optional(),
  /** What they said after the report of the tab's last action was made, before this one (a toast whose request took longer), that no report has told. */
  announcedBefore: Announcements.optional(),
  /** Text the page wrote after the report of the tab's last action was made, whose requests were still running then, before this one. */
  textShownBefore: TextShown.optional(),
  /** The element was already as asked (a checked box to check): no input was sent. */
  unchanged: z.boolean().optional(),
  /** The page closed its own tab (window.close()). */
  tabClosed: z.boolean().optional(),
  /** The page stopped answering after the input: a script the action started is still running. */
  unresponsive: z.boolean().optional(),
  /** The input went into a frame of another site whose handler then blocked it; the page around it still answers. */
  frameUnresponsive: z.boolean().optional(),
});
export type ActionReport = z.infer<typeof ActionReport>;

const GET_WHAT = ['text', 'html', 'value', 'attribute', 'title', 'url', 'count', 'box', 'styles', 'form_values', 'metadata', 'visible_text'] as const;
const IS_WHAT = ['visible', 'hidden', 'enabled', 'disabled', 'checked', 'editable', 'focused', 'in_viewport'] as const;

export const ACTION_METHODS = {
  click: {
    params: z.object({
      ...TargetFields,
      button: z.enum(['left', 'right', 'middle']).optional(),
      clickCount: z.number().int().min(1).max(3).optional(),
      modifiers: z.array(Modifier).optional(),
    }),
    result: ActionReport,
  },
  hover: { params: z.object(TargetFields), result: ActionReport },
  /** Input at viewport coordinates (CSS pixels), for what has no element to name: a canvas, a map, a chart. */
  mouseAt: {
    params: z.object({
      tabId: TabId.optional(),
      action: z.enum(['click', 'move', 'drag', 'wheel']),
      x: z.number(),
      y: z.number(),
      /** Where a drag ends. */
      toX: z.number().optional(),
      toY: z.number().optional(),
      /** How far a wheel turn scrolls, in pixels. */
      deltaX: z.number().optional(),
      deltaY: z.number().optional(),
      button: z.enum(['left', 'right', 'middle']).optional(),
      clickCount: z.number().int().min(1).max(3).optional(),
      modifiers: z.array(Modifier).optional(),
    }),
    result: ActionReport,
  },
  focus: { params: z.object(TargetFields), result: ActionReport },
  fill: { params: z.object({ ...TargetFields, value: z.string() }), result: ActionReport },
  type: {
    params: z.object({
      ...TargetFields,
      text: z.string(),
      clear: z.boolean().optional(),
      delay: z.number().int().min(0).max(1000).optional(),
      submit: z.boolean().optional(),
    }),
    result: ActionReport,
  },
  pressKey: { params: z.object({ ...TargetFields, key: z.string() }), result: ActionReport },
  check: { params: z.object({ ...TargetFields, checked: z.boolean() }), result: ActionReport },
  selectOption: { params: z.object({ ...TargetFields, values: z.array(z.string()).min(1) }), result: ActionReport },
  drag: { params: z.object({ tabId: TabId.optional(), from: z.string(), to: z.string() }), result: ActionReport },
  scroll: {
    params: z.object({ ...TargetFields, deltaX: z.number().optional(), deltaY: z.number().optional() }),
    result: ActionReport,
  },
  fileUpload: { params: z.object({ ...TargetFields, paths: z.array(z.string()).min(1) }), result: ActionReport },
  waitFor: {
    params: z.object({
      ...TargetFields,
      text: z.string().optional(),
      textGone: z.string().optional(),
      url: z.string().optional(),
      time: z.number().min(0).max(600).optional(),
      state: z.enum(['visible', 'hidden', 'attached', 'detached']).optional(),
    }),
    /** announced: what the page said meanwhile, or since the last report, that no report has told. textShown: what it wrote since a report whose requests were still running. */
    result: z.object({ tabId: TabId, detail: z.string(), waitedMs: z.number(), announced: Announcements.optional(), textShown: TextShown.optional() }),
  },
  handleDialog: {
    params: z.object({ tabId: TabId.optional(), accept: z.boolean(), promptText: z.string().optional() }),
    result: z.object({ tabId: TabId, detail: z.string() }),
  },
  get: {
    params: z.object({ ...TargetFields, what: z.enum(GET_WHAT), name: z.string().optional() }),
    result: z.object({ tabId: TabId, value: z.unknown() }),
  },
  is: {
    params: z.object({ ...TargetFields, what: z.enum(IS_WHAT) }),
    result: z.object({ tabId: TabId, value: z.boolean() }),
  },
  find: {
    params: z.object({
      tabId: TabId.optional(),
      text: z.string().optional(),
      role: z.string().optional(),
      name: z.string().optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
    result: z.object({
      tabId: TabId,
      matches: z.array(z.object({ ref: z.string(), role: z.string(), name: z.string(), line: z.string() })),
      total: z.number().int(),
      /** With no match: grids that draw only the rows in view, which a search cannot see into. */
      partial: z.array(z.string()).optional(),
      /** Child frames whose page did not answer (blocked by a script), so were not searched. */
      busyFrames: z.number().int().optional(),
    }),
  },
} as const;
