import type { Envelope } from '@shop/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notify } from '../../../lib/toast.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notifiedSignedOut } from '../components/action-toast.tsx';
import { adminKeys } from './keys.ts';

interface AdminMutationOptions<TVars> {
  mutationFn: (vars: TVars) => Promise<Envelope>;
  /** Query keys (prefixes) of what the mutation changed: every list showing them refetches. */
  invalidate: QueryKey[];
  /** The red toast's text when the error carries no message of its own. */
  fallback?: string;
}

/**
 * A mutation of the admin console: the server's message in a green toast on success or a red
 * one on failure, and the changed lists refetched (the shop's included) once it succeeds, or once it is refused
 * because the record is gone (another admin deleted it) or was changed since (409): the lists then show it as it is.
 */
export function useAdminMutation<TVars>({
  mutationFn,
  invalidate,
  fallback = 'Something went wrong',
}: AdminMutationOptions<TVars>) {
  const client = useQueryClient();
  const refresh = (keys: QueryKey[]) => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: async (res) => {
      notify('success', res.message ?? 'Saved');
      // Every change is in the history, and may settle or raise one of the dashboard's things to fix.
      await refresh([...invalidate, adminKeys.audit, adminKeys.fixes]);
    },
    onError: async (err) => {
      if (!notifiedSignedOut(err)) notify('error', errorMessage(err, fallback));
      // Not waited for: the form shows its field errors (a slug or a name taken) at once.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) void refresh(invalidate);
    },
  });
}
