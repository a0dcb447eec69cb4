import { zodResolver } from '@hookform/resolvers/zod';
import { REDIRECT_AFTER_LOGIN_MS, loginSchema, pageHeads, type LoginResponse } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { notify, showFlash } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { Button } from '../../../components/Button.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { useHead } from '../../../lib/head.ts';
import { useSetSession } from '../../../lib/session.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';

type LoginValues = z.input<typeof loginSchema>;

export default function LoginPage() {
  useHead({ title: pageHeads.private(useShopInfo().shopname, 'Sign In').title, noindex: true });
  // Signing out ends on this page, loaded as a document: its toast is still showing.
  useEffect(showFlash, []);
  const setSession = useSetSession();
  const form = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: z.output<typeof loginSchema>) => api<LoginResponse>('/auth/login', { method: 'POST', body: values }),
    onSuccess: (res) => {
      notify('success', res.message ?? 'Login successful');
      form.reset();
      // The session is stored when leaving, so the guard does not redirect before the toast is read; storing it
      // is what leaves: the guard sends the visitor on by role, back to the admin page they came from (landingFor).
      setTimeout(() => setSession(res.user), REDIRECT_AFTER_LOGIN_MS);
    },
    onError: (err) => notify('error', errorMessage(err, 'An error occurred during login.')),
  });
  const { errors } = form.formState;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="text-2xl font-bold text-ink">Sign In</h2>
      <form noValidate className="mt-6 space-y-4" onSubmit={form.handleSubmit((v) => login.mutate(v))}>
        <InputField label="Email" type="email" autoComplete="email" error={errors.email} {...form.register('email')} />
        <InputField label="Password" type="password" autoComplete="current-password" error={errors.password} {...form.register('password')} />
        <Button type="submit" className="w-full" busy={login.isPending || login.isSuccess}>
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-4 text-slate-700">
        Don't have an Account Please{' '}
        <Link to="/auth/register" className="font-semibold text-brand-700 underline">
          Sign Up
        </Link>
      </p>
    </div>
  );
}
