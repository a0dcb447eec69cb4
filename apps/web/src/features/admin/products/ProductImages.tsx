import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useState } from 'react';
import { useObjectUrl } from '../components/FilePicker.tsx';
import { keepFocusOnRemove } from '../components/panel-focus.ts';
import type { FormImage } from './product-form.ts';

interface Props {
  images: FormImage[];
  /** The alt text shown for a picture at a position (the owner's, or the one made from the name and colour). */
  altOf: (image: FormImage, index: number) => string;
  onChange: (images: FormImage[]) => void;
  /** The file picker that adds pictures, which takes the focus once the last is removed. */
  pickerId: string;
}

const INSTRUCTIONS =
  'To move an image with the keyboard, press space or enter on its handle, move it with the arrow keys, then press space or enter to drop it, or escape to cancel. The Up and Down buttons move it one place.';

/**
 * The product form's pictures in their order, the first the cover everywhere: each with its alt text, moved by drag
 * and drop (dnd-kit, with the keyboard too) or by its Up and Down buttons, and removed by its Remove button.
 */
export function ProductImages({ images, altOf, onChange, pickerId }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // After a move by button, the same button of the moved picture keeps the focus (or its other one at an end).
  const [focus, setFocus] = useState<{ id: string; button: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const other = focus.button === 'up' ? 'down' : 'up';
    const button = [focus.button, other]
      .map((b) => document.getElementById(`${focus.id}-${b}`) as HTMLButtonElement | null)
      .find((el) => el && !el.disabled);
    button?.focus();
    setFocus(null);
  }, [focus, images]);

  const position = (id: UniqueIdentifier) => images.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${position(active.id)} of ${images.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Image ${position(active.id)} is over position ${position(over.id)}.`
        : `Image ${position(active.id)} is over no position.`,
    onDragEnd: ({ active, over }) =>
      over ? `Image dropped at position ${position(over.id)} of ${images.length}.` : `Image ${position(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving image ${position(active.id)} was cancelled: it stays where it was.`,
  };

  const move = (from: number, to: number) => onChange(arrayMove(images, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(position(active.id) - 1, position(over.id) - 1);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={images.map((i) => i.id)} strategy={rectSortingStrategy}>
        <ol aria-label="Chosen images, the first is the cover" className="mt-4 grid gap-4 lg:grid-cols-2" data-removable>
          {images.map((image, i) => (
            <SortableImage
              key={image.id}
              image={image}
              index={i}
              count={images.length}
              alt={altOf(image, i)}
              onAlt={(alt) => onChange(images.map((img) => (img.id === image.id ? { ...img, alt } : img)))}
              onMove={(by) => {
                move(i, i + by);
                setFocus({ id: image.id, button: by < 0 ? 'up' : 'down' });
              }}
              onRemove={() => onChange(images.filter((img) => img.id !== image.id))}
              pickerId={pickerId}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

const smallButton =
  'inline-flex min-h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

function SortableImage(props: {
  image: FormImage;
  index: number;
  count: number;
  alt: string;
  onAlt: (alt: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  pickerId: string;
}) {
  const { image, index, count } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
  });
  const preview = useObjectUrl(image.file);
  const n = index + 1;
  const altId = `${image.id}-alt`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`relative flex gap-3 rounded-xl border bg-white p-3 ${isDragging ? 'z-10 border-brand-500 shadow-lg' : 'border-slate-200'}`}
    >
      <div className="flex shrink-0 flex-col items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag image ${n} to move it`}
          className="flex h-[100px] w-[100px] cursor-grab touch-none items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 active:cursor-grabbing"
        >
          {(image.url ?? preview) && (
            <img
              src={image.url ?? preview}
              srcSet={image.srcset}
              sizes="100px"
              alt=""
              width={100}
              height={100}
              draggable={false}
              className="h-[100px] w-[100px] object-cover"
            />
          )}
        </button>
        {index === 0 ? (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Cover</span>
        ) : (
          <span className="text-xs text-slate-600">Image {n}</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <label htmlFor={altId} className="mb-1 block text-sm font-medium text-slate-800">
            Alt text for image {n}
          </label>
          <input
            id={altId}
            type="text"
            value={props.alt}
            maxLength={200}
            onChange={(e) => props.onAlt(e.target.value)}
            className="w-full rounded-lg border border-slate-500 bg-white px-2 py-1.5 text-sm text-ink focus:border-brand-500"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            id={`${image.id}-up`}
            aria-label={`Move image ${n} up`}
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
            className={smallButton}
          >
            <span aria-hidden="true">↑</span> Up
          </button>
          <button
            type="button"
            id={`${image.id}-down`}
            aria-label={`Move image ${n} down`}
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
            className={smallButton}
          >
            <span aria-hidden="true">↓</span> Down
          </button>
          <button
            type="button"
            aria-label={`Remove image ${n}`}
            data-remove
            onClick={(e) => {
              // The last one gone, the list goes too: the file picker is next.
              keepFocusOnRemove(e.currentTarget, () => document.getElementById(props.pickerId));
              props.onRemove();
            }}
            className={`${smallButton} border-red-200 text-red-700 hover:bg-red-50`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
