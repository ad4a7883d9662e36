import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { userMessages } from '../../../shared/messages.js';
import { ROLES, type Role } from '../../../shared/roles.js';
import type { User } from '../../../shared/schemas/auth.js';
import { type CreateUserBody, createUserBodySchema, type UpdateUserBody, updateUserBodySchema } from '../../../shared/schemas/users.js';
import { formAlertMessage } from '../../lib/form-feedback.js';
import type { EntityFormProps } from '../../lib/use-form-screen.js';
import { FormActions } from '../../components/form-actions.js';
import { FormAlert } from '../../components/form-alert.js';
import { ApiError } from '../../lib/api-client.js';
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

export type UserFormProps = EntityFormProps<User>;

/**
 * Add or edit a user (spec 2 "User management", 4 "User form"): username,
 * password, full name and a role select that defaults to tecnico. In edit mode
 * the password may stay blank to keep the current one.
 */
export function UserForm({ editing, onSaved, onCancel, onFailure }: UserFormProps) {
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const mutation = editing ? updateUser : createUser;
  const { register, handleSubmit, formState } = useForm<UserFormValues, unknown, CreateUserBody | UpdateUserBody>({
    // The same schemas the server validates with, so both answer the same message.
    resolver: zodResolver(editing ? updateUserBodySchema : createUserBodySchema) as never,
    defaultValues: editing
      ? { username: editing.username, password: '', full_name: editing.full_name, role: editing.role }
      : { username: '', password: '', full_name: '', role: 'tecnico' },
  });

  // One message, like the server: 'Por favor, completa todos los campos.' while
  // any field is missing (spec 5 "User" checks that first), else the first rule broken.
  const alertMessage = formAlertMessage(formState.errors, FIELDS, userMessages.required, mutation.error);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) {
        await updateUser.mutateAsync({ id: editing.id, body: values as UpdateUserBody });
        onSaved(userMessages.updated);
      } else {
        await createUser.mutateAsync(values as CreateUserBody);
        onSaved(userMessages.added);
      }
    } catch (error) {
      // A rule the user can fix stays in the form; a lost session goes back to the login screen on its own.
      if (error instanceof ApiError && (error.isUserError || error.status === 401)) return;
      onFailure(editing ? userMessages.updateError : userMessages.addError, error);
    }
  });

  const invalid = (field: (typeof FIELDS)[number]) => (formState.errors[field] ? true : undefined);
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="user-form-title">
      <h2 id="user-form-title" className="card__title">
        {editing ? 'Editar Usuario' : 'Agregar Usuario'}
      </h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="user-username">Nombre de usuario</label>
          <input id="user-username" autoComplete="off" autoCapitalize="none" spellCheck={false} aria-invalid={invalid('username')} {...register('username')} />
        </div>
        <div className="field">
          <label htmlFor="user-password">Contraseña</label>
          <input
            id="user-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={invalid('password')}
            aria-describedby="user-password-hint"
            {...register('password')}
          />
          <span id="user-password-hint" className="field__hint">
            {editing ? 'Dejar en blanco para no cambiarla.' : 'Entre 8 y 128 caracteres; evita las contraseñas comunes.'}
          </span>
        </div>
        <div className="field">
          <label htmlFor="user-full-name">Nombre completo</label>
          <input id="user-full-name" autoComplete="off" aria-invalid={invalid('full_name')} {...register('full_name')} />
        </div>
        <div className="field">
          <label htmlFor="user-role">Rol</label>
          <select id="user-role" aria-invalid={invalid('role')} {...register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormAlert message={alertMessage} />
      <FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Usuario" updateLabel="Actualizar Usuario" onCancel={onCancel} />
    </form>
  );
}
