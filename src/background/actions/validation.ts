/**
 * A form the action tried to send but the browser refused: its invalid
 * fields, named as the snapshot names them (content/actions/validation.ts).
 */
import type { InvalidField } from '../../shared/content-messages.ts';
import type { ActionReport } from '../../shared/methods/actions.ts';
import { refPrefix } from '../../shared/refs.ts';
import { tryFrame } from '../frames.ts';

type RefusedFields = NonNullable<ActionReport['invalidFields']>;

/** Each field as its snapshot line starts, with its ref when a snapshot gave it one. */
export function refusedFields(fields: InvalidField[] | undefined, frameId: number): RefusedFields | undefined {
  if (!fields?.length) return undefined;
  return fields.map((f) => ({
    field: `${f.role}${f.name ? ` ${JSON.stringify(f.name)}` : ''}${f.ref !== undefined ? ` [ref=${refPrefix(frameId)}e${f.ref}]` : ''}`,
    message: f.message,
  }));
}

/**
 * After keys that can send a form (Enter): the fields the browser found invalid while they
 * were pressed, `ms` long, and those the page's own checks mark invalid in the form or show an error by; or, when
 * the form was not sent at all, why.
 */
export async function fieldsRefusedWithin(tabId: number, frameId: number, ms: number): Promise<Pick<ActionReport, 'invalidFields' | 'markedInvalid' | 'fieldMessages' | 'enterNotSent'>> {
  const result = await tryFrame(tabId, frameId, { type: 'invalidFields', withinMs: ms });
  const invalidFields = refusedFields(result?.fields, frameId);
  const markedInvalid = refusedFields(result?.marked, frameId);
  const fieldMessages = refusedFields(result?.messages, frameId);
  const enterNotSent = result?.enterNotSent;
  return {
    ...(invalidFields ? { invalidFields } : {}), ...(markedInvalid ? { markedInvalid } : {}), ...(fieldMessages ? { fieldMessages } : {}),
    ...(enterNotSent ? { enterNotSent } : {}),
  };
}
