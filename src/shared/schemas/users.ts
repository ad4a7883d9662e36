import { z } from 'zod';
import { isCommonPassword } from '#shared/common-passwords.js';
import { FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '#shared/limits.js';
import { userMessages } from '#shared/user-messages.js';
import { ROLES } from '#shared/roles.js';
import { pageSchema, recordVersionSchema } from './common.js';
import { userSchema } from './auth.js';

/** Lengths in characters as a person counts them (an emoji is one), not UTF-16 units. */
const length = (text: string) => [...text].length;

/** A required text: absent, not text or blank all answer 'Por favor, completa todos los campos.' (docs/product-guide.md#user). */
const requiredText = () => z.string({ error: userMessages.required }).trim().min(1, userMessages.required);

/** Kept as typed (every character counts), but only spaces is as good as nothing. */
const passwordText = () => z.string({ error: userMessages.required }).refine((password) => password.trim() !== '', userMessages.required);

const roleSchema = z.enum(ROLES, { error: userMessages.invalidRole });

/**
 * Shortest username a password may not contain: a two-letter name ('jo') sits
 * inside too many ordinary words to forbid them all; a password equal to it is
 * already too short.
 */
export const USERNAME_IN_PASSWORD_MIN = 3;

/**
 * The password rules (docs/product-guide.md#user), in this order:
 * 8 to 128 characters, not one of the most common passwords (case-insensitive),
 * and not containing the username, whatever its case: whoever knows the name
 * tries 'adm2adm2' for 'adm2' first.
 */
export function passwordProblem(password: string, username: string): string | undefined {
  if (length(password) < PASSWORD_MIN) return userMessages.passwordTooShort;
  if (length(password) > PASSWORD_MAX) return userMessages.passwordTooLong;
  if (isCommonPassword(password)) return userMessages.passwordTooCommon;
  const name = username.trim().toLowerCase();
  if (length(name) >= USERNAME_IN_PASSWORD_MIN && password.toLowerCase().includes(name)) return userMessages.passwordContainsUsername;
  return undefined;
}

interface UserFields {
  username?: string | undefined;
  password?: string | undefined;
  full_name: string;
}

/**
 * The checks that follow "required". They run as an object refinement, so their
 * issues come after every field's required issue: the validation answer (the
 * FIRST issue) is always 'Por favor, completa todos los campos.' while a field is
 * missing, as docs/product-guide.md#user puts that check first.
 */
function checkUserFields(value: UserFields, ctx: z.RefinementCtx): void {
  if (value.username !== undefined && length(value.username) > USERNAME_MAX) {
    ctx.addIssue({ code: 'custom', path: ['username'], message: userMessages.usernameTooLong });
  }
  if (length(value.full_name) > FULL_NAME_MAX) {
    ctx.addIssue({ code: 'custom', path: ['full_name'], message: userMessages.fullNameTooLong });
  }
  if (value.password !== undefined) {
    const problem = passwordProblem(value.password, value.username ?? '');
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  }
}

/** POST /api/users and the form in add mode. */
export const createUserBodySchema = z
  .object(
    {
      username: requiredText(),
      password: passwordText(),
      full_name: requiredText(),
      // A missing role means tecnico (docs/product-guide.md#user).
      role: roleSchema.default('tecnico'),
    },
    { error: userMessages.required },
  )
  .superRefine(checkUserFields);
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/**
 * PUT /api/users/:id and the form in edit mode. The password is optional: left
 * blank (or absent) it stays as it is. The username may be sent (the form always
 * does) and is then the new one; absent, it stays.
 */
export const updateUserBodySchema = z
  .object(
    {
      username: requiredText().optional(),
      password: z
        .string({ error: userMessages.required })
        .transform((password) => (password === '' ? undefined : password))
        .pipe(passwordText().optional())
        .optional(),
      full_name: requiredText(),
      role: z.enum(ROLES, { error: (issue) => (issue.input === undefined ? userMessages.required : userMessages.invalidRole) }),
    },
    { error: userMessages.required },
  )
  .superRefine(checkUserFields);
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** What the list and every write answer: never a password or its hash; with the record's version (docs/decisions/0038-record-versions.md). */
export const userResponseSchema = userSchema.extend({ version: recordVersionSchema });
export type UserItem = z.infer<typeof userResponseSchema>;
export const userPageSchema = pageSchema(userResponseSchema);
export type UserPage = z.infer<typeof userPageSchema>;
