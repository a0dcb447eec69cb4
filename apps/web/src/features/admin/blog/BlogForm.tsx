import { BLOG_EXCERPT_MAX, slugify, type BlogPost } from '@shop/shared';
import { useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { FormButtons } from '../components/Page.tsx';
import { InputField, NativeSelectField, TextareaField } from '../../../components/Fields.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { FilePicker, FilePreview, ImagePreview, usePickerReset } from '../components/FilePicker.tsx';
import {
  BLOG_FIELDS,
  blogFormData,
  emptyPost,
  postToValues,
  toLocalInput,
  validatePost,
  type BlogFormValues,
} from './blog-form.ts';
import { BLOG_STATUS_LABELS } from './labels.ts';
import { MarkdownEditor } from './MarkdownEditor.tsx';

const STATUS_OPTIONS = (['draft', 'published'] as const).map((value) => ({ value, label: BLOG_STATUS_LABELS[value] }));

interface Props {
  /** The post being edited; absent when writing a new one. */
  post?: BlogPost;
  /** Sends the form; resolves when the server accepted it, rejects (ApiError) when it refused. */
  onSubmit: (body: FormData) => Promise<unknown>;
  /** Where Cancel leads when editing: the list the admin came from. */
  cancelTo?: string;
}

/**
 * The one form of Add Post and Update Post. The slug follows the title until it is edited by hand, and until then
 * the server makes it (an existing post keeps its slug unless it is changed: the old address then redirects to the
 * new one).
 */
export function BlogForm({ post, onSubmit, cancelTo }: Props) {
  const editing = post !== undefined;
  const slugEdited = useRef(editing);
  const resolver = useRef<Resolver<BlogFormValues>>(async (values) => {
    const result = validatePost(values, editing);
    return result.ok ? { values, errors: {} } : { values: {}, errors: result.errors };
  }).current;
  const form = useForm<BlogFormValues>({ resolver, defaultValues: post ? postToValues(post) : emptyPost() });
  // The post's date as the form took its values: a re-read while it is open must not make a save over it look fresh.
  const [seen] = useState(post?.updatedAt);
  const { errors, isDirty, isSubmitting, isSubmitted } = form.formState;
  // A picture still uploading would land in the text after it was sent (or in the next, emptied form).
  const [uploading, setUploading] = useState(false);
  const { pickerKey, reset } = usePickerReset(form);
  const cover = form.watch('cover');
  const status = form.watch('status');
  const title = form.register('title');
  const slug = form.register('slug');

  const submit = form.handleSubmit(async (values) => {
    const result = validatePost(values, editing);
    if (!result.ok) return;
    try {
      // A slug still following the title is sent empty: the server makes it from the title, numbered ('-2') when
      // another post has it, where the same slug sent as typed would be refused.
      const data = {
        ...result.data,
        ...(slugEdited.current ? {} : { slug: '' }),
        // The field shows minutes: a date left as it was keeps its seconds, rather than moving to the minute.
        ...(post && values.publishedAt === toLocalInput(post.publishedAt) ? { publishedAt: post.publishedAt } : {}),
      };
      await onSubmit(blogFormData(data, values.cover, seen));
      if (!editing) {
        reset(emptyPost());
        slugEdited.current = false;
      }
    } catch (err) {
      applyServerFieldErrors(err, BLOG_FIELDS, form.setError, { file: 'cover' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 md:grid-cols-2" aria-label={editing ? 'Update Post' : 'Add Post'}>
      <InputField
        label="Title"
        autoComplete="off"
        className="md:col-span-2"
        error={errors.title}
        {...title}
        onChange={(e) => {
          void title.onChange(e);
          if (!slugEdited.current) form.setValue('slug', slugify(e.target.value), { shouldValidate: isSubmitted });
        }}
      />
      <InputField
        label="Slug"
        autoComplete="off"
        hint={
          editing
            ? 'The end of the post’s address. If you change it, the old address redirects to the new one.'
            : 'The end of the post’s address, made from the title: lower-case letters, numbers and hyphens.'
        }
        error={errors.slug}
        {...slug}
        onChange={(e) => {
          slugEdited.current = true;
          void slug.onChange(e);
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <NativeSelectField label="Status" required options={STATUS_OPTIONS} error={errors.status} {...form.register('status')} />
        <InputField
          label="Publish date"
          type="datetime-local"
          hint={status === 'published' ? 'Empty: now. A future date schedules the post.' : 'Optional for a draft.'}
          error={errors.publishedAt}
          {...form.register('publishedAt')}
        />
      </div>
      <TextareaField
        label="Excerpt"
        rows={3}
        className="md:col-span-2"
        hint={`Shown on the blog, in search results and in feed readers. Up to ${BLOG_EXCERPT_MAX} characters.`}
        error={errors.excerpt}
        {...form.register('excerpt')}
      />
      <div>
        <FilePicker
          key={pickerKey}
          id="cover"
          label="Cover image"
          buttonText={post || cover ? 'Replace cover' : 'Choose cover'}
          hint="JPEG, PNG, WebP, AVIF or GIF, up to 8 MB; a wide picture (16:9) looks best."
          error={errors.cover?.message}
          onFiles={(picked) => form.setValue('cover', picked[0] ?? null, { shouldValidate: isSubmitted, shouldDirty: true })}
        />
        {(cover || post) && (
          <ul aria-label="Cover" className="mt-4 flex gap-4">
            {cover ? (
              <FilePreview
                file={cover}
                removeLabel="Remove the chosen cover"
                onRemove={() => form.setValue('cover', null, { shouldValidate: isSubmitted, shouldDirty: true })}
              />
            ) : (
              <ImagePreview src={post!.cover.secure_url} srcSet={post!.cover.srcset} alt="Current cover" removeLabel="" />
            )}
          </ul>
        )}
      </div>
      <InputField
        label="Cover alt text"
        autoComplete="off"
        hint="What the cover shows, for people who cannot see it."
        error={errors.alt}
        {...form.register('alt')}
      />
      <div className="md:col-span-2">
        <Controller
          control={form.control}
          name="body"
          render={({ field, fieldState }) => (
            <MarkdownEditor
              id="body"
              label="Body"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              hint="Markdown: ## for a heading, **bold**, - for a list, [text](/shop/...) for a link. Paste or drop a picture to add it."
              onUploading={setUploading}
            />
          )}
        />
      </div>
      <FormButtons editing={editing} dirty={isDirty} submitting={isSubmitting} busy={uploading} cancelTo={cancelTo} />
    </form>
  );
}
