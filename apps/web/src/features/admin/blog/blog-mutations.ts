import type { BlogImageResponse, Envelope, ImageAsset } from '@shop/shared';
import { api } from '../../../lib/api.ts';
import { keys } from '../../../lib/catalogue.ts';
import { useAdminMutation } from '../api/mutations.ts';

/** Posts changed: the shop's blog, its post pages and the console's list. */
const changed = [keys.blog];

export function useCreatePost() {
  return useAdminMutation({
    mutationFn: (body: FormData) => api<Envelope>('/blog/create', { method: 'POST', body }),
    invalidate: changed,
  });
}

export function useUpdatePost(id: string) {
  return useAdminMutation({
    mutationFn: (body: FormData) => api<Envelope>(`/blog/update/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    invalidate: changed,
    fallback: 'An error occurred',
  });
}

export function useDeletePost() {
  return useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/blog/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: changed,
  });
}

/** Stores an image for a post's body and answers its URLs (the largest width is the one to write in the Markdown). */
export async function uploadBodyImage(file: File): Promise<ImageAsset> {
  const body = new FormData();
  body.append('file', file);
  return (await api<BlogImageResponse>('/blog/image', { method: 'POST', body })).data;
}
