import type { ContentRequest, ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import type { ActionReport } from '../../shared/methods/actions.ts';
import { refPrefix } from '../../shared/refs.ts';
import { tryFrame } from '../frames.ts';
import type { Effects } from './effects.ts';
import { frameOf } from './target.ts';
import { refusedFields } from './validation.ts';

type ShownRequest = Extract<ContentRequest, { type: 'openedDialog' | 'openedPopup' | 'revealed' }>;
type Refs = { refPrefix: string };

/**
 * What the input showed, with refs, so the agent acts on it without a
 * snapshot: the menu a closed menu button opened, the dialog a click or a key opened,
 * what a hover or a collapsed disclosure made visible. Asked of the
 * element's frame (no element: the top frame); nothing once the page moved on.
 */
export async function shownBy(tabId: number, spec: TargetSpec | undefined, effects: Effects, request: DistributiveOmit<ShownRequest, keyof Refs>): Promise<Shown> {
  if (movedOn(effects)) return {};
  const frameId = frameOf(spec);
  const result = (await tryFrame(tabId, frameId, { ...request, refPrefix: refPrefix(frameId) } as ShownRequest)) as ShownResult | undefined;
  const markedInvalid = refusedFields(result?.marked, frameId);
  const fieldMessages = refusedFields(result?.messages, frameId);
  // A column header's new sort is said as a toggle's new state is ("It is now sorted ascending.").
  return {
    ...(result?.opened ? { opened: result.opened } : {}), ...(result?.revealed ? { revealed: result.revealed } : {}), ...(result?.toggled ? { toggled: result.toggled } : {}),
    ...(result?.announced ? { announced: result.announced } : {}), ...(markedInvalid ? { markedInvalid } : {}), ...(fieldMessages ? { fieldMessages } : {}),
    ...(result?.text ? { textShown: result.text } : {}),
  };
}

/**
 * The text a choice wrote elsewhere on the page (a total, a shipping line: content/actions/text-shown.ts),
 * read since its input was aimed. Asked where nothing else says what the choice did.
 */
export async function textShownBy(tabId: number, frameId: number, effects: Effects): Promise<Pick<ActionReport, 'textShown'>> {
  if (movedOn(effects)) return {};
  const answer = await tryFrame(tabId, frameId, { type: 'textShown' });
  return answer?.text ? { textShown: answer.text } : {};
}

/** The page went elsewhere, or a dialog or a blocked script holds it (or the frame): nothing is left to ask it. */
export function movedOn(effects: Effects): boolean {
  return Boolean(effects.navigatedTo || effects.dialog || effects.unresponsive || effects.frameUnresponsive || effects.tabClosed);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type ShownResult = Partial<ContentResults['revealed']>;
export type Shown = Pick<ActionReport, 'opened' | 'revealed' | 'toggled' | 'announced' | 'markedInvalid' | 'fieldMessages' | 'textShown'>;
