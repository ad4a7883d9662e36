import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/limits.js';
import { userMessages } from '#shared/user-messages.js';
import { ROLES, type Role } from '#shared/roles.js';
import type { UserItem } from '#shared/schemas/users.js';
import { type CreateUserBody, createUserBodySchema, type UpdateUserBody, updateUserBodySchema } from '#shared/schemas/users.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { FormActions } from '#web/components/form-actions.js';
import { Field } from '#web/components/field.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { useCreateUser } from './api/create-user.js';
import { useUpdateUser } from './api/update-user.js';
import { ROLE_LABELS } from './role-labels.js';

interface UserFormValues {
  username: string;
  password: string;
  full_name: string;
  role: Role;
}

const FIELDS = ['username', 'password', 'full_name', 'role'] as const;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export type UserFormProps = EntityFormProps<UserItem>;

/**
 * Add or edit a user (docs/product-guide.md#gestion-de-usuarios): username,
 * password, full name and a role select that defaults to tecnico. In edit mode
 * the password may stay blank to keep the current one.
 */
export function UserForm({ editing, onSaved, onCancel, onFailure, onReload }: UserFormProps) {
  const { mutation, save } = useFormSave(editing, useCreateUser(), useUpdateUser(), userMessages, { onSaved, onFailure, onReload });
  const { register, handleSubmit, formState } = useForm<UserFormValues, unknown, CreateUserBody | UpdateUserBody>({
    // The same schemas the server validates with, so both answer the same message.
    resolver: zodResolver(editing ? updateUserBodySchema : createUserBodySchema) as never,
    defaultValues: editing
      ? { username: editing.username, password: '', full_name: editing.full_name, role: editing.role }
      : { username: '', password: '', full_name: '', role: 'tecnico' },
  });

  // One message, like the server: 'Por favor, completa todos los campos.' while
  // any field is missing (docs/product-guide.md#user checks that first), else the first rule broken.
  const alertMessage = formAlertMessage(formState.errors, FIELDS, userMessages.required, mutation.error);

  // The resolver validated with the mode's own schema (create or update).
  const onSubmit = handleSubmit((values) => save(values as CreateUserBody & UpdateUserBody));

  const invalid = invalidFields(formState.errors, userMessages.required);
  useUnsavedInput(formState.isDirty);
  return (
    <FormCard
      id="user-form"
      title={editing ? 'Editar Usuario' : 'Agregar Usuario'}
      onSubmit={onSubmit}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Usuario" updateLabel="Actualizar Usuario" onCancel={onCancel} />}
    >
      <Field id="user-username" label="Nombre de usuario" invalid={invalid('username')} registration={register('username')}>
        {(field) => <input {...field} autoComplete="off" autoCapitalize="none" spellCheck={false} />}
      </Field>
      <Field
        id="user-password"
        label="Contraseña"
        invalid={invalid('password')}
        hint={editing ? 'Dejar en blanco para no cambiarla.' : `Entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres, sin el nombre de usuario; evita las contraseñas comunes.`}
        registration={register('password')}
      >
        {(field) => <input {...field} type="password" autoComplete="new-password" />}
      </Field>
      <Field id="user-full-name" label="Nombre completo" invalid={invalid('full_name')} registration={register('full_name')}>
        {(field) => <input {...field} autoComplete="off" />}
      </Field>
      <SelectField id="user-role" label="Rol" invalid={invalid('role')} options={ROLE_OPTIONS} registration={register('role')} />
    </FormCard>
  );
}
