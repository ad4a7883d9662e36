/**
 * A delivery note's number as people read it: the year and its sequence of that
 * year, '2026-0001' (migration 0020: `delivery_note_year`, `delivery_note_seq`,
 * drawn once per order and never reused). Four digits at least, so numbers of a
 * year sort as text; a 10,000th note simply gets a fifth digit.
 */
export const deliveryNoteNumber = (year: number, seq: number): string => `${year}-${String(seq).padStart(4, '0')}`;
