/**
 * A date or time field drawn as segments (MUI X's pickers, React Aria's DateField): a box of spin
 * buttons, one for each part (month, day, year; hours, minutes, AM/PM), each taking keys, the field
 * moving on from one to the next as a part's digits come. A part takes no text put in whole (MUI X's
 * month ignored "03/20/2024", and the fill said it was done): a fill of the box or of a part types the
 * value from there, as a person does, and what the parts say after is read back.
 */
import type { ContentRequest, ContentResults } from '../../shared/content-messages.ts';
import { resolveSpec } from '../target.ts';
import { getRole } from '../snapshot/roles.ts';
import { isDisabled } from '../snapshot/states.ts';
import { normalize } from './describe.ts';

/** Fewer spin buttons than this in a box make no segmented field (one is a spin button, filled by its arrow keys). */
const MIN_SEGMENTS = 2;
/** How far up from a part its field's box is looked for. */
const BOX_LEVELS = 4;

/** The segments of the field `box` is, in order; null when it is none. */
export function segmentsOf(box: Element): HTMLElement[] | null {
  const segments = Array.from(box.querySelectorAll('[role=spinbutton]')).filter((segment): segment is HTMLElement =>
    // Editable, as theirs are: a box of steppers (adults, children) that take arrow keys is no such field.
    segment instanceof HTMLElement && segment.isContentEditable && segment.getClientRects().length > 0 && !isDisabled(segment));
  return segments.length >= MIN_SEGMENTS ? segments : null;
}

/** The segment typing into `el` starts at: its first, for the field's box; itself, for one of its parts. Null for anything else. */
export function firstSegmentFor(el: Element): HTMLElement | null {
  const own = segmentsOf(el);
  if (own) return own[0];
  return getRole(el) === 'spinbutton' && fieldOf(el) ? (el as HTMLElement) : null;
}

/** What the parts from `target` on say now, and the field's box as a whole. */
export function segmentTexts(request: Extract<ContentRequest, { type: 'segmentTexts' }>): ContentResults['segmentTexts'] {
  const el = resolveSpec(request.target).element;
  const field = fieldOf(el);
  if (!field) return { texts: [], shown: '' };
  return {
    texts: field.segments.slice(field.segments.indexOf(el as HTMLElement)).map((segment) => normalize(segment.textContent ?? '')),
    shown: normalize((field.box as HTMLElement).innerText ?? '').replace(/\s*([/:.-])\s*/g, '$1'),
  };
}

/** The box of the segmented field `part` is a part of, with its parts; null when it is none's. */
function fieldOf(part: Element): { box: Element; segments: HTMLElement[] } | null {
  let box = part.parentElement;
  for (let level = 0; box && level < BOX_LEVELS; level++, box = box.parentElement) {
    const segments = segmentsOf(box);
    if (segments?.includes(part as HTMLElement)) return { box, segments };
  }
  return null;
}
