import { zodResolver } from '@hookform/resolvers/zod';
import { Coffee } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type LoginBody, loginBodySchema } from '#shared/schemas/auth.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { useLogin } from './api/login.js';

export const LOGIN_TITLE = 'Bienvenido al Sistema de Control de Inventario';

/** Shown whenever nobody is signed in (docs/product-guide.md#login). */
export function LoginPage() {
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const fieldError = formState.errors.username?.message ?? formState.errors.password?.message;

  return (
    <main className="login">
      <form className="login__card card" onSubmit={handleSubmit((values) => login.mutate(values))} noValidate>
        <Coffee aria-hidden="true" className="login__icon" size={44} />
        <h1 className="login__title">{LOGIN_TITLE}</h1>
        <Field id="login-username" label="Usuario" invalid={Boolean(formState.errors.username)} registration={register('username')}>
          {(field) => <input {...field} autoComplete="username" autoCapitalize="none" />}
        </Field>
        <Field id="login-password" label="Contraseña" invalid={Boolean(formState.errors.password)} registration={register('password')}>
          {(field) => <input {...field} type="password" autoComplete="current-password" />}
        </Field>
        <FormAlert message={fieldError ?? login.error?.message} />
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? 'Iniciando sesión...' : 'Iniciar Sesión'}
        </button>
      </form>
    </main>
  );
}
