import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, PICTURE_KINDS, messages, pictureKind } from '@shop/shared';

const notAPictureMessage = (name: string) => `"${name}" is not a ${PICTURE_KINDS} picture`;
const tooLargeMessage = (name: string) => `"${name}" is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;

const names = (files: File[]) => new Intl.ListFormat('en-GB').format(files.map((f) => `"${f.name}"`));
const tooManyMessage = (left: File[]) =>
  `${messages.imagesMax}: ${names(left)} ${left.length === 1 ? 'was' : 'were'} not added`;

/** A file's first bytes; none when it cannot be read (moved or deleted since it was chosen). */
async function firstBytes(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, 64).arrayBuffer());
  } catch {
    return new Uint8Array();
  }
}

/**
 * Sorts chosen files into those the form takes and the messages for those it refuses, each naming its file: a
 * declared type or first bytes other than the five kinds, over 8 MB, or more than `room` (the places left of 5, the
 * first chosen kept). An empty declared type counts for nothing, as some systems do not know AVIF: the bytes decide.
 */
export async function screenPictures(files: File[], room: number): Promise<{ taken: File[]; refused: string[] }> {
  const refused: string[] = [];
  const pictures: File[] = [];
  for (const file of files) {
    const declared = file.type === '' || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
    if (!declared || !pictureKind(await firstBytes(file))) {
      refused.push(notAPictureMessage(file.name));
    } else if (file.size > MAX_IMAGE_BYTES) refused.push(tooLargeMessage(file.name));
    else pictures.push(file);
  }
  const taken = pictures.slice(0, Math.max(room, 0));
  const left = pictures.slice(taken.length);
  if (left.length) refused.push(tooManyMessage(left));
  return { taken, refused };
}
