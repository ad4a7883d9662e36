import { textMessages } from '#shared/messages.js';

/**
 * Every refusal of the text rules (src/shared/text-rules.ts) for fields with
 * these form labels, single-line or multi-line: for the property tests that
 * check each answer is one of our Spanish texts.
 */
export const textRuleMessages = (singleLine: readonly string[], multiLine: readonly string[] = []): string[] => [
  ...singleLine.flatMap((label) => [textMessages.controlCharacters(label), textMessages.invisibleCharacters(label), textMessages.leadingMark(label)]),
  ...multiLine.flatMap((label) => [textMessages.controlCharactersMultiline(label), textMessages.invisibleCharacters(label)]),
];
