import { zodResolver } from '@hookform/resolvers/zod';
import { pageHeads, registerSchema, type Envelope } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { Button } from '../../../components/Button.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';

type RegisterValues = z.input<typeof registerSchema>;

export default function RegisterPage() {
  useHead({ title: pageHeads.private(useShopInfo().shopname, 'Sign Up').title, noindex: true });
  const navigate = useNavigate();
  const form = useForm<RegisterValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const register = useMutation({
    mutationFn: (values: z.output<typeof registerSchema>) => api<Envelope>('/auth/register', { method: 'POST', body: values }),
    onSuccess: (res) => {
      notify('success', res.message ?? 'Account created');
      form.reset();
      navigate('/auth/login');
    },
    onError: (err) => notify('error', errorMessage(err, 'An error occurred during Sign Up.')),
  });
  const { errors } = form.formState;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="text-2xl font-bold text-ink">Sign Up</h2>
      <form noValidate className="mt-6 space-y-4" onSubmit={form.handleSubmit((v) => register.mutate(v))}>
        <InputField label="Name" autoComplete="name" error={errors.name} {...form.register('name')} />
        <InputField label="Email" type="email" autoComplete="email" error={errors.email} {...form.register('email')} />
        <InputField label="Password" type="password" autoComplete="new-password" error={errors.password} {...form.register('password')} />
        <Button type="submit" className="w-full" busy={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Sign Up'}
        </Button>
      </form>
      <p className="mt-4 text-slate-700">
        You have an Account Please{' '}
        <Link to="/auth/login" className="font-semibold text-brand-700 underline">
          Sign In
        </Link>
      </p>
    </div>
  );
}
