/**
 * Messages between the service worker and the content scripts (one per
 * frame). Internal to the extension, but typed here once so both sides agree.
 * Content scripts always answer with a ContentReply: a thrown AgentError
 * would lose its code crossing runtime messaging.
 */
import type { WireError } from './protocol.ts';
import type { TimerKind } from './page-trackers.ts';

export interface SnapshotRequestOptions {
  interactive?: boolean;
  depth?: number;
  /** A ref or CSS selector to scope the snapshot to. */
  root?: string;
  viewportOnly?: boolean;
}

/** How a command names its element. Exactly one of ref/selector is set. */
export interface TargetSpec {
  ref?: string;
  selector?: string;
  /** The agent's human description, echoed in errors. */
  element?: string;
}

/** What must hold before acting; locate waits (polling) until it does or the timeout passes. */
export interface LocateOptions {
  visible?: boolean;
  enabled?: boolean;
  editable?: boolean;
  /** Same box in two consecutive animation frames. */
  stable?: boolean;
  /** elementFromPoint at the action point is the element or inside it; else COVERED naming the cover. */
  hitTest?: boolean;
  /** Scroll into view first (default true). */
  scroll?: boolean;
  /** Note what is visible once located, to tell after the action what it showed (a hover; content/actions/revealed.ts). */
  noteShown?: boolean;
  /** Read the text the action writes from now on, to tell it after (a drag's: content/actions/text-shown.ts). */
  readText?: boolean;
  timeoutMs: number;
}

/** A child frame's viewport in its parent's: parent point = (x + scaleX · child x, y + scaleY · child y). */
export interface FrameOffset {
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
}

/** Where a frame was aimed into; cameIntoView: it was out of view until then, so not drawn yet. */
export interface FrameAim extends FrameOffset {
  cameIntoView?: true;
}

/** A point in the child frame's viewport, in the viewport `offset` maps into (content script and worker alike). */
export function toParent(offset: FrameOffset, p: { x: number; y: number }): { x: number; y: number } {
  return { x: offset.x + offset.scaleX * p.x, y: offset.y + offset.scaleY * p.y };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where to act, in this frame's viewport CSS pixels. */
export interface Located {
  x: number;
  y: number;
  box: Box;
  /** Short HTML-like description: <button id="save" class="primary">Save</button> */
  description: string;
  /** A closed menu button or drop-down: a click or hover may open its popup, whose items the worker then asks for. */
  opens?: true;
  /** A collapsed disclosure (aria-expanded="false", a closed <details>' summary): a click shows what it holds. */
  discloses?: true;
  /** A checkbox, radio or switch: checking it may show the fields that go with it ("This is a gift" → a message). */
  toggles?: true;
}

export type GetWhat = 'text' | 'html' | 'value' | 'attribute' | 'title' | 'url' | 'count' | 'box' | 'styles' | 'form_values' | 'metadata' | 'visible_text';
export type IsWhat = 'visible' | 'hidden' | 'enabled' | 'disabled' | 'checked' | 'editable' | 'focused' | 'in_viewport';

export interface FoundElement {
  ref: string;
  role: string;
  name: string;
  /** The element's snapshot line, e.g. `button "Save" [ref=e4]` */
  line: string;
}

export type ContentRequest =
  | { type: 'ping' }
  /** The command waiting here timed out or was cancelled: an element still waited for is given up (actions/locate.ts). */
  | { type: 'stopWaits' }
  /** undeclaredRoots: the document's HTML declares no shadow root (background/declared-roots.ts). */
  /** untold: also what the page announced that no report has told yet, and the tree no longer shows. */
  /** lateText: what it wrote after the last report, told when the tree does not show all text (true), else dropped. */
  | { type: 'snapshot'; options: SnapshotRequestOptions; refPrefix: string; undeclaredRoots?: true; untold?: true; lateText?: boolean }
  /**
   * Where the child frame that got `nonce` sits in this frame's viewport.
   * With `aim` (a point in the child's viewport): first scroll it into view
   * here, and with `hitTest` check that a pointer there reaches the frame.
   * With `guard`, a press that lands on the frame's <iframe> instead of in
   * it is stopped and kept for `framePress` (content/actions/frame-press.ts).
   */
  | { type: 'frameOffset'; nonce: string; aim?: { x: number; y: number }; hitTest?: boolean; guard?: true }
  /** Whether the guarded frame's <iframe> caught a press meant for the frame (then it lets go). */
  | { type: 'framePress' }
  /** Resolves once this frame has drawn, so that input can be routed into it; says whether its tab is hidden. */
  | { type: 'drawn' }
  /** With `guard`, the next press must land on the located element or is stopped (content/actions/guard.ts). */
  | { type: 'locate'; target: TargetSpec; options: LocateOptions; guard?: boolean }
  /** How the guarded click went; lifts the guard. */
  /** lift: the click was not sent after all (its frame's surroundings refused it). */
  | { type: 'guardOutcome'; lift?: true }
  /** Fields found invalid in the last `withinMs` (a form the keys tried to send). */
  | { type: 'invalidFields'; withinMs: number }
  /** What live regions announced at or after `since` (Date.now()). */
  | { type: 'announcements'; since: number }
  /** What live regions announced before `before` (Date.now()) that no action's report has told yet. */
  /** text: and what the page wrote after the last report (its requests were still running then); without, that is dropped. */
  | { type: 'untold'; before: number; text?: boolean }
  /** What a text field holds after text went in (null for other elements). */
  /** suggest.answered: the requests the text started have answered, so the list shown now is their result. */
  /** With suggest, when there are none: what the text showed besides (revealed, keyed), noted by prepareFill/prepareType. */
  | { type: 'fieldValue'; target: TargetSpec; filled?: string; suggest?: { refPrefix: string; waitMs: number; answered: boolean } }
  /** Where focus is after keys: the focused element's snapshot line, with a ref. */
  | { type: 'focused'; refPrefix: string }
  /** After keys or a fill: until the timers the page set in its input handlers have run (a search box's debounce), at most maxMs. */
  /** kind 'click': only the timers a click's (or a router's popstate, a drop's, a choice's change) handler set; 'scroll': only a scroll handler's. */
  /** dialogs: after a click, also whether those timers opened or closed a dialog (revealed.ts dialogOpened, dialogClosed). */
  | { type: 'inputTimers'; maxMs: number; kind?: TimerKind; dialogs?: true }
  /** After a click on a closed menu button or drop-down: the options its popup shows, waited for. */
  /** causal: as for revealed (a hover, whose timers have run): with no animation running, one look. */
  | { type: 'openedPopup'; target: TargetSpec; refPrefix: string; waitMs: number; causal?: true }
  /** After a hover located with noteShown: what became visible, waited for up to `waitMs`. */
  /** causal: the timers the input set have run; with no animation running either, nothing more is coming (a hover). */
  /** plain: after a click on an element that says nothing of showing anything: only controls outside grids and lists count. */
  /** keyed: after keys: only controls outside grids, tables and trees (rows filtered or scrolled to), and not the focused one (the report names it). */
  /** acted: after a click or keys (not a hover), whose dialogs were noted: a dialog opened since is the answer (as openedDialog's); and what the toggle or column header acted on is now. */
  /** ownerWaitMs: waited on top of waitMs when the element acted on was a closed menu button or drop-down (a key that opens its popup a frame or two later). */
  /** text: also the text it wrote elsewhere (text-shown.ts), as after a click (acted): after a hover. */
  | { type: 'revealed'; refPrefix: string; waitMs: number; causal?: true; plain?: true; keyed?: true; acted?: true; ownerWaitMs?: number; text?: true }
  /** After a click or a key that opened a dialog (dialogChanges): the dialog and its controls. */
  | { type: 'openedDialog'; refPrefix: string }
  /** Before a key: the dialogs shown now, to tell after it which one it opened (Control+K) or closed (Escape). */
  /** shown: also what is visible now, to tell what else it showed (revealed, keyed): the key goes to `target`, else to the focused element. */
  /** text: the keys go to this frame: read the text they write elsewhere on the page (text-shown.ts), for revealed (keyed, acted). */
  | { type: 'noteDialogs'; shown?: { target?: TargetSpec }; text?: true }
  | { type: 'dialogChanges' }
  /** After a choice made (check, select_option): the text it wrote elsewhere on the page, read since its input was aimed (text-shown.ts). */
  | { type: 'textShown' }
  /** What is at a viewport point (coordinate input): its snapshot line, with a ref. */
  | { type: 'elementAt'; x: number; y: number; refPrefix: string }
  /** For looking, not acting (no outline flash): waits until the element is visible, scrolls it into view, gives its box. */
  | { type: 'reveal'; target: TargetSpec; timeoutMs: number }
  | { type: 'focus'; target: TargetSpec; timeoutMs: number }
  /**
   * Focuses an editable element and selects its whole content, ready for
   * CDP Input.insertText ('insertText'); or says that the input is one CDP typing cannot
   * fill (date, color, range…: 'native'), for setNativeValue.
   */
  | { type: 'prepareFill'; target: TargetSpec; value: string; timeoutMs: number }
  /** Sets the value of a date, color, range… input natively, with the input and change events a person's choice fires. */
  | { type: 'setNativeValue'; target: TargetSpec; value: string }
  /** A custom slider's value (aria-valuenow), after a key: waited for a moment to change from `was`. */
  | { type: 'steppedValue'; target: TargetSpec; was?: number }
  /** A part of a date field drawn as segments: what the parts from it on say, and the field as a whole. */
  | { type: 'segmentTexts'; target: TargetSpec }
  /** Focuses for typing; with clear, selects all content so the first key replaces it. */
  | { type: 'prepareType'; target: TargetSpec; text: string; clear: boolean; timeoutMs: number }
  /** afterClick: the element was just clicked; if the page replaced it meanwhile (a re-render), read the one clicked. */
  | { type: 'readChecked'; target: TargetSpec; afterClick?: boolean }
  /** Before files are dropped on the target through CDP: note the drag and the drop (content/actions/drop.ts); dragAccepted and dropOutcome read them. */
  | { type: 'watchDrop'; target: TargetSpec }
  | { type: 'dragAccepted' }
  | { type: 'dropOutcome' }
  | { type: 'selectOption'; target: TargetSpec; values: string[]; timeoutMs: number; refPrefix: string }
  /** The options of a custom drop-down matching `values`, with refs to click (waits for its popup to show them). */
  /** multiple: the drop-down a library draws for a <select multiple> (its list may not say it takes several). */
  | { type: 'customOptions'; target: TargetSpec; values: string[]; multiple?: true; refPrefix: string; waitMs: number }
  /** Whether an option is aria-selected now (null: it is gone), after a click on one that was. */
  | { type: 'isSelected'; target: TargetSpec }
  /** Whether the pointer is over the element now (:hover), after a hover the browser may have sent elsewhere. */
  | { type: 'hovered'; target: TargetSpec }
  /** After a drop: until the dragged element's drop animation has ended and the handlers of its end have run, at most maxMs. */
  | { type: 'dropSettled'; target: TargetSpec; maxMs: number }
  | { type: 'scroll'; target?: TargetSpec; deltaX: number; deltaY: number }
  /** `waitedMs`: how long the worker has waited already (on pages this wait outlived), counted in what it reports. */
  | { type: 'waitFor'; target?: TargetSpec; text?: string; textGone?: string; state: 'visible' | 'hidden' | 'attached' | 'detached'; timeoutMs: number; waitedMs?: number }
  /** One look, no waiting: whether `text` is shown (appear) or not shown (!appear) in this frame; null when it holds, else what is shown. */
  | { type: 'checkText'; text: string; appear: boolean }
  /** Posts a fresh nonce into each displayed child frame, as a snapshot does, so the worker can link frame ids to them. */
  /** hidden: the frames not displayed instead (they load and answer, but have no place in a snapshot). */
  /** sameOrigin: only the children whose content script shares our world (direct nonces, isDirectNonce). */
  | { type: 'childFrames'; hidden?: boolean; sameOrigin?: boolean }
  | { type: 'helloParent' }
  | { type: 'get'; what: GetWhat; target?: TargetSpec; name?: string }
  | { type: 'is'; what: IsWhat; target: TargetSpec }
  | { type: 'find'; text?: string; role?: string; name?: string; limit: number; refPrefix: string }
  /** Sets data-llm-agent-mark=<nonce> on the element so main-world / CDP code can find it. */
  | { type: 'mark'; target: TargetSpec; nonce: string }
  /** Hides our on-page feedback for a screenshot (hidden: true) and shows it again (false). */
  | { type: 'feedback'; hidden: boolean }
  /** Fallback when the debugger cannot attach: locate, then HTMLElement.click() (not trusted). */
  | { type: 'domClick'; target: TargetSpec; options: LocateOptions };

export interface FrameSlotInfo {
  /** Ref of the <iframe> element in this frame's snapshot. */
  ref: string;
  /** Posted to the child frame; the child reports it with its frameId. */
  nonce: string;
  /** Index of the iframe's line in the snapshot's lines. */
  line: number;
  /** Indentation for the child frame's lines. */
  indent: string;
  /** The URL the <iframe> asked for ('' for srcdoc/none): matches Chromium's error page for it. */
  src: string;
  /** An <iframe loading=lazy>: Chromium loads it only once the page is scrolled near it. */
  lazy?: true;
}

export interface ContentSnapshot {
  /**
   * The lines joined with "\n": extension messaging converts every array
   * element on its own; one string crosses faster (10k-element page: hop
   * 10.8 ms instead of 12.5 ms, join included).
   */
  text: string;
  frames: FrameSlotInfo[];
  url: string;
  title: string;
  /** The document's MIME type: application/pdf for Chromium's PDF viewer. */
  contentType: string;
  /** Asked with untold, when there is any. */
  untold?: Announcement[];
  /** Asked with lateText, when there is any. */
  lateText?: TextShownNews;
}

/** Text an action wrote or showed on the page, a place each (content/actions/text-shown.ts); `more` counts the places not told. */
export interface TextShownNews {
  texts: string[];
  more: number;
}

/** A live region's new text (content/announcements.ts). */
export interface Announcement {
  role: string;
  text: string;
}

/** A field the browser found invalid when a form was to be sent; ref only when a snapshot gave it one. */
export interface InvalidField {
  role: string;
  name: string;
  ref?: number;
  message: string;
}

/** An autocomplete's options after text went in: snapshot lines with refs. */
export interface Suggestions {
  popup: string;
  options: string[];
  /** Options beyond those listed. */
  more: number;
}

export interface ContentResults {
  ping: { pong: true };
  stopWaits: null;
  snapshot: ContentSnapshot;
  frameOffset: FrameAim | null;
  framePress: { caught: boolean };
  drawn: { hidden: boolean };
  locate: Located;
  reveal: { box: Box };
  /** fields: refused by the browser's checks; marked: marked aria-invalid by the page's own. */
  /** enterNotSent: Enter sent nothing, by the browser's rules (content/actions/validation.ts). */
  /** messages: fields not marked invalid by which the page shows an error (validation.ts messagesIn). */
  invalidFields: { fields: InvalidField[]; marked: InvalidField[]; messages: InvalidField[]; enterNotSent?: { button?: string; fields?: number } };
  /** value: absent for what is not a text field. suggestions: with `suggest`, what a combobox's popup offers. */
  openedPopup: { opened?: Suggestions };
  /** toggled: how the column header acted on is sorted now, when that changed ("sorted ascending", "not sorted"); else what the toggle acted on is now ("checked"). */
  /** announced: after a click (acted), what the page has announced since it, asked again (a component's toast comes on its next render). */
  /** marked, messages: after a click on a submit button, its form's fields marked invalid and those by which it shows an error, its checks run. */
  textShown: { text?: TextShownNews };
  revealed: {
    revealed?: { lines: string[]; more: number }; toggled?: string; opened?: Suggestions; announced?: Announcement[]; marked?: InvalidField[]; messages?: InvalidField[];
    /** After a click or keys (acted) that showed nothing else: text they wrote or showed, a place each (text-shown.ts). */
    text?: TextShownNews;
  };
  openedDialog: { opened?: Suggestions };
  noteDialogs: { shown: number };
  dialogChanges: { opened?: true; closed?: string };
  /** focused: the field still has the focus (typing into a row of fields moves it on). */
  /** replaced: the field was re-rendered as a new element while the text went in; the one like it now (its line, what it holds), if any. */
  /** invalid: the browser's validation message for what the field holds (it fails the field's constraints). */
  fieldValue: {
    value?: string; secret?: boolean; focused?: boolean; maxLength?: number; invalid?: string; suggestions?: Suggestions; revealed?: { lines: string[]; more: number };
    replaced?: { line?: string; value?: string };
    /** With neither suggestions nor revealed: the text the typing wrote elsewhere on the page (text-shown.ts). */
    text?: TextShownNews;
  };
  /** frameNonce: the focused element is a frame, which got this nonce (the focus is inside it). */
  focused: { line: string | null; frameNonce?: string };
  /** tracked: the page-world tracker answered (an agent tab), so no timer the input set is still to run. */
  /** requestedMsAgo: how long ago the page last started a fetch or XHR, by the page-world tracker. */
  /** With dialogs (after a click): also what the page announced since the click, its timers' news included. */
  inputTimers: { waitedMs: number; tracked: boolean; requestedMsAgo?: number; dialogOpened?: true; dialogClosed?: string; focusMoved?: true; announced?: Announcement[] };
  /**
   * line: null where nothing of the page is (outside the document). A child frame
   * at the point: its nonce and the point in its own viewport. download: the
   * point is on a download link, whose download the browser announces a moment after the click.
   */
  elementAt: { line: string | null; frame?: { nonce: string; x: number; y: number }; download?: true };
  announcements: Announcement[];
  untold: { announced: Announcement[]; text?: TextShownNews };
  guardOutcome:
    /** invalid: the browser's checks refused the form; marked: fields the page's own checks marked aria-invalid. */
    /** timersDue: ms until the timers the click's handlers set have run (input-timers.ts); absent when none. */
    /** dialogClosed: the line (role and name) of a dialog shown before the click and gone now (revealed.ts). */
    /** focusMoved: the click put the focus in a text field it was not aimed at (focus-moved.ts). */
    /** toggled: what the toggle clicked is now (checked.ts toggledState). */
    | { outcome: 'hit'; announced: Announcement[]; download?: true; invalid?: InvalidField[]; marked?: InvalidField[]; dialogOpened?: true; dialogClosed?: string; focusMoved?: true; timersDue?: number; toggled?: string }
    | { outcome: 'none' | 'unarmed' }
    | { outcome: 'missed'; landedOn: string; target: string; replaced: boolean };
  focus: { description: string };
  /** keys: a custom slider or spin button, focused, at `now`: the background presses its arrow keys (content/actions/stepped.ts). */
  /** keysFirst: a chord to press before the text (an editor that keeps its own selection: select all). */
  /** segments: a field drawn as spin buttons for its parts (a date's month, day, year), typed into from its first, `first` its ref. */
  prepareFill: { mode: 'insertText'; description: string; keysFirst?: string } | { mode: 'native'; description: string } | { mode: 'keys'; description: string; role: 'slider' | 'spinbutton'; now: number; min?: number; max?: number }
    | { mode: 'segments'; description: string; first: string };
  steppedValue: { now: number | null };
  segmentTexts: { texts: string[]; shown: string };
  setNativeValue: { description: string };
  /** `before`: what a text field held, where the typed text goes after it (not with clear). */
  /**
   * multiline: a <textarea> or an editor, where a tab in the text is a character, not the Tab key.
   * room: the text is longer than the field takes (maxlength), and fields like it follow (a one-time
   * code's digits, a card number's groups), where the page moves focus on as each fills: the characters it takes.
   */
  /** before, after: what the field holds around where the text goes (after: past a selection the keys replace). */
  /** keysFirst: a chord to press before the text (an editor that keeps its own caret: to its end, or select all to clear). */
  prepareType: { description: string; before?: string; after?: string; multiline?: true; room?: number; keysFirst?: string };
  watchDrop: null;
  dragAccepted: { accepted: boolean };
  dropOutcome: { reached: boolean; taken: boolean };
  /** replaced: read from the clicked element, which the page has since replaced. */
  readChecked: { checked: boolean | 'mixed'; description: string; kind: 'checkbox' | 'radio' | 'switch' | 'menuitemcheckbox' | 'menuitemradio' | 'option'; replaced?: true };
  /**
   * custom: a drop-down made of divs, whose options are clicked ('closed': open it first). target: the
   * ref of the drop-down to work when it is not the element named (a label's control, the drop-down a
   * library draws for a <select> it hid); opener: the ref to click to open it, when not itself (a field
   * put out of sight inside the box the page draws); multiple: that <select> is a multiple one.
   */
  selectOption:
    // pageChose: the page's change handler chose otherwise at once (the labels it holds): a size sold out.
    | { selected: string[]; pageChose?: string[]; description: string }
    | { custom: 'shown' | 'closed'; description: string; target?: string; opener?: string; multiple?: true };
  /**
   * selected: the option is aria-selected in an aria-multiselectable list (a click would unselect it);
   * wasSelected: aria-selected in any list (a click may unselect it). multiple: the list says it takes
   * several (or the request did).
   */
  customOptions: { refs: string[]; labels: string[]; selected: boolean[]; wasSelected: boolean[]; multiple?: true };
  isSelected: { selected: boolean | null };
  hovered: { hovered: boolean };
  dropSettled: null;
  scroll: { scrollX: number; scrollY: number; description?: string };
  waitFor: { waitedMs: number; detail: string };
  checkText: { seen: string | null };
  childFrames: { nonces: string[] };
  helloParent: null;
  get: { value: unknown };
  is: { value: boolean };
  /** partial: with no match, the grids that draw only some of their rows (a line each). */
  /** frames: nonces of the frame's displayed child frames, for the search to go on in. */
  find: { matches: FoundElement[]; total: number; partial?: string[]; frames: string[] };
  mark: { description: string };
  domClick: { description: string };
  feedback: { ok: true };
}

/** Attribute `mark` sets; main-world code removes it after use. */
export const MARK_ATTRIBUTE = 'data-llm-agent-mark';

/** refsNeeded: the request would have given out refs past its tab's block; the page's element count. */
export type ContentReply<T> = { ok: true; value: T } | { ok: false; error: WireError; refsNeeded?: number };

/** Name of the port the service worker opens to a frame's content script (background/channel.ts). */
export const CONTENT_PORT = 'llm-browser-agent';
/**
 * Service worker → content script over that port; the reply carries the same id. With ack,
 * the content script first says it has started on the request: a frame busy with a long
 * request is then told from one whose page keeps it from answering (background/channel.ts).
 */
export interface ContentPortMessage {
  id: number;
  request: ContentRequest;
  ack?: true;
  /** The tab's lease of ref numbers (background/ref-leases.ts): refs this request gives out are numbered above floor, up to ceiling. */
  floor?: number;
  ceiling?: number;
}
/**
 * maxRef: the highest ref number the frame's document has given out, errors included (background/ref-leases.ts).
 * A reply whose JSON is longer than REPLY_PART_CHARS comes as that JSON in parts, then `parts` (their count) in
 * place of the reply: one message of 200 KB took 9 to 16 ms to arrive, seven of 32 KB sent back to back 4 ms
 * (measured, Chromium 156), and a 10,000-element page's snapshot is 200 KB.
 */
export type ContentPortReply =
  | { id: number; reply: ContentReply<unknown>; maxRef?: number }
  | { id: number; part: string }
  | { id: number; parts: number; maxRef?: number }
  | { id: number; started: true };
export const REPLY_PART_CHARS = 32_768;

/** Content script → service worker. */
export type ContentEvent = { type: 'frameNonce'; nonce: string };
/** Content script → service worker, answered: a style sheet's text (string | null) the page may not read (background/foreign-sheets.ts). */
export type ContentAsk = { type: 'sheetText'; url: string };

/** postMessage marker a parent frame sends into its iframes to learn their frame ids. */
export const FRAME_NONCE_KEY = '__llmBrowserAgentFrameNonce';
/** Posted by a child frame's content script (asked by `helloParent`) to get again the nonce its parent posted before. */
export const FRAME_HELLO_KEY = '__llmBrowserAgentFrameHello';
/**
 * Starts a nonce a parent's content script handed straight to its child's, not
 * posted: a same-origin child's content script runs in the same isolated world
 * as its parent's, which calls it through the child's window. No page sees such
 * a nonce, so only the frame really behind the <iframe> can report it. That is
 * how frames Chromium's webNavigation does not list (blob: and javascript: URLs)
 * are linked, as the worker cannot look up their parent.
 */
export const DIRECT_NONCE_PREFIX = 'direct:';
export const isDirectNonce = (nonce: string): boolean => nonce.startsWith(DIRECT_NONCE_PREFIX);
