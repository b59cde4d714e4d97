/**
 * The page's answer to a form it was sent: a form checked by its page's script draws its errors
 * (or clears them) a task or two after the submit event (Formik renders after a promise), so a
 * report read at once told what the form showed before: after a second try, errors the page was
 * about to take away. Each sent form is watched, from its submit event, for its first change.
 */
import { nextFrame } from './motion.ts';

/** How long a sent form is watched for the page's answer. */
const ANSWER_MS = 150;

let sent: { form: HTMLFormElement; at: number; changed: Promise<boolean> } | null = null;

/** Called at a form's submit event, before the page's own handlers see it. */
export function watchAnswer(form: EventTarget | null): void {
  if (!(form instanceof HTMLFormElement)) return;
  let settle!: (changed: boolean) => void;
  const changed = new Promise<boolean>((resolve) => (settle = resolve));
  const done = (change: boolean) => {
    observer.disconnect();
    clearTimeout(timer);
    settle(change);
  };
  const observer = new MutationObserver(() => done(true));
  observer.observe(form, { childList: true, subtree: true, characterData: true, attributes: true });
  const timer = setTimeout(() => done(false), ANSWER_MS);
  sent = { form, at: Date.now(), changed };
}

/**
 * Once the page has answered `form`, if it was sent since `since` (Date.now()): its first change after
 * the submit and the frame that shows it, or ANSWER_MS after the submit without one. At once otherwise.
 */
export async function answered(form: HTMLFormElement, since: number): Promise<void> {
  if (sent?.form !== form || sent.at < since) return;
  if (await sent.changed) await nextFrame();
}
