/**
 * Key names (as in KeyboardEvent.key / Playwright: "Enter", "Control+A",
 * "Shift+Tab", "ArrowDown") → what CDP Input.dispatchKeyEvent needs, for a
 * US keyboard layout.
 */
import { AgentError } from '../../shared/errors.ts';

export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** Text the key inserts, if any. */
  text?: string;
  /** Location: 1 = left modifier. */
  location?: number;
}

export const MODIFIER_BITS = { Alt: 1, Control: 2, Meta: 4, Shift: 8 } as const;
export type Modifier = keyof typeof MODIFIER_BITS;

const SPECIAL: Record<string, KeyDefinition> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  Insert: { key: 'Insert', code: 'Insert', keyCode: 45 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16, location: 1 },
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17, location: 1 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91, location: 1 },
};
for (let i = 1; i <= 12; i++) SPECIAL[`F${i}`] = { key: `F${i}`, code: `F${i}`, keyCode: 111 + i };

/** The system the browser runs on, as it tells it. */
export function platformName(): string {
  return (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
}

export function onMac(): boolean {
  return /mac/i.test(platformName());
}

const ALIASES: Record<string, string> = {
  Esc: 'Escape', Return: 'Enter', Del: 'Delete', Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight',
  Ctrl: 'Control', Cmd: 'Meta', Command: 'Meta', Option: 'Alt', Opt: 'Alt',
  // The shortcut modifier of the system the browser runs on: Meta (⌘) on a Mac.
  ControlOrMeta: onMac() ? 'Meta' : 'Control',
};
// Names of keys as models write them ("ctrl+shift+z", "enter", "ARROWDOWN"): any case will do.
const BY_LOWER_CASE = new Map<string, string>(
  [...Object.keys(SPECIAL).map((name) => [name, name]), ...Object.entries(ALIASES)].map(([name, meant]) => [name.toLowerCase(), meant]),
);
/** A key's or modifier's name as the tables spell it; a single character as it is. */
const canonical = (name: string) => (name.length === 1 ? name : BY_LOWER_CASE.get(name.toLowerCase()) ?? name);

// Printable characters on a US keyboard: [unshifted, shifted, code, keyCode].
const PUNCTUATION: [string, string, string, number][] = [
  ['`', '~', 'Backquote', 192], ['-', '_', 'Minus', 189], ['=', '+', 'Equal', 187], ['[', '{', 'BracketLeft', 219],
  [']', '}', 'BracketRight', 221], ['\\', '|', 'Backslash', 220], [';', ':', 'Semicolon', 186], ["'", '"', 'Quote', 222],
  [',', '<', 'Comma', 188], ['.', '>', 'Period', 190], ['/', '?', 'Slash', 191],
];
const DIGIT_SHIFTED = ')!@#$%^&*(';

/** The key for one printable character, or undefined when no US key types it (then insert it as text). */
export function keyForChar(char: string): KeyDefinition | undefined {
  if (/^[a-z]$/.test(char)) return { key: char, code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0), text: char };
  if (/^[A-Z]$/.test(char)) return { key: char, code: `Key${char}`, keyCode: char.charCodeAt(0), text: char };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char };
  const shiftedDigit = DIGIT_SHIFTED.indexOf(char);
  if (shiftedDigit >= 0) return { key: char, code: `Digit${shiftedDigit}`, keyCode: 48 + shiftedDigit, text: char };
  if (char === ' ') return SPECIAL.Space;
  if (char === '\n' || char === '\r') return SPECIAL.Enter;
  // As on a keyboard: Tab moves the focus on (to the next field) rather than inserting a tab.
  if (char === '\t') return SPECIAL.Tab;
  for (const [plain, shifted, code, keyCode] of PUNCTUATION) {
    if (char === plain || char === shifted) return { key: char, code, keyCode, text: char };
  }
  return undefined;
}

/** Parses "Control+Shift+ArrowLeft" into modifiers and the main key. */
export function parseChord(chord: string): { modifiers: Modifier[]; key: KeyDefinition } {
  const parts = chord === '+' ? ['+'] : chord.split(/\+(?!$)/);
  const names = parts.map((part) => (part === ' ' ? 'Space' : canonical(part)));
  const last = names.pop()!;
  const modifiers: Modifier[] = [];
  for (const name of names) {
    if (!(name in MODIFIER_BITS)) {
      throw new AgentError('INVALID_PARAMS', `"${name}" in "${chord}" is not a modifier; use Control, Shift, Alt or Meta, e.g. "Control+A".`);
    }
    modifiers.push(name as Modifier);
  }
  // "Control+A" is the a key with Control held, as a real keyboard reports it;
  // only Shift makes it "A".
  const char = last.length === 1 && modifiers.length && !modifiers.includes('Shift') ? last.toLowerCase() : last;
  const key = SPECIAL[char] ?? (char.length === 1 ? keyForChar(char) : undefined);
  if (!key) {
    throw new AgentError('INVALID_PARAMS', `Unknown key "${last}". Use a character or a key name such as Enter, Tab, Escape, Backspace, ArrowDown, PageUp, F5.`);
  }
  return { modifiers, key };
}

export function modifierBits(modifiers: readonly Modifier[] = []): number {
  return modifiers.reduce((bits, m) => bits | MODIFIER_BITS[m], 0);
}

export function modifierKey(modifier: Modifier): KeyDefinition {
  return SPECIAL[modifier];
}
