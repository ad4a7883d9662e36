import { LABELS_MAX } from '#shared/limits.js';
import { LABEL_FORMATS, type LabelFormat } from '#shared/schemas/labels.js';
import type { LabelChoice } from './labels-url.js';

/** localStorage, not sessionStorage: the label printer next to this computer stays the same from one day to the next. */
const STORAGE_KEY = 'cafe.etiquetas';

export const DEFAULT_LABEL_CHOICE: LabelChoice = { format: '62mm', copies: 1 };

/** The typed number of copies, or null unless it is a whole number from 1 to LABELS_MAX. */
export function parseCopies(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const copies = Number(trimmed);
  return copies >= 1 && copies <= LABELS_MAX ? copies : null;
}

/** A stored choice read back, each part falling back to the default when it is missing or not one we know (an older app, a hand edit). */
export function parseLabelChoice(stored: string | null): LabelChoice {
  let value: unknown;
  try {
    value = stored === null ? null : JSON.parse(stored);
  } catch {
    return DEFAULT_LABEL_CHOICE;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_LABEL_CHOICE;
  const { format, copies } = value as Record<string, unknown>;
  return {
    format: (LABEL_FORMATS as readonly unknown[]).includes(format) ? (format as LabelFormat) : DEFAULT_LABEL_CHOICE.format,
    copies: typeof copies === 'number' ? (parseCopies(String(copies)) ?? DEFAULT_LABEL_CHOICE.copies) : DEFAULT_LABEL_CHOICE.copies,
  };
}

/** The last choice printed with in this browser. Storage can be refused (a private window, a full disk): the default then. */
export function readLabelChoice(): LabelChoice {
  try {
    return parseLabelChoice(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_LABEL_CHOICE;
  }
}

export function saveLabelChoice(choice: LabelChoice): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Not remembered; the print itself goes ahead.
  }
}
