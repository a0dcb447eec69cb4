import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilePicker } from './FilePicker.tsx';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name: string) => new File([new Uint8Array(PNG)], name, { type: 'image/png' });

describe('FilePicker', () => {
  afterEach(cleanup);

  it('hands over only pictures, and names each file it refused until the next choice', async () => {
    const onFiles = vi.fn();
    // As when the owner switches the file dialog to "All files".
    const user = userEvent.setup({ applyAccept: false });
    render(<FilePicker id="logo" label="Logo" buttonText="Choose logo" onFiles={onFiles} />);
    await user.upload(screen.getByLabelText('Choose logo'), new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText('"notes.png" is not a JPEG, PNG, WebP, AVIF or GIF picture')).toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
    await user.upload(screen.getByLabelText('Choose logo'), png('logo.png'));
    await vi.waitFor(() => expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'logo.png' })]));
    expect(screen.queryByText(/is not a JPEG/)).not.toBeInTheDocument();
  });

  it('takes no more than its room, naming the files left out', async () => {
    const onFiles = vi.fn();
    const user = userEvent.setup();
    render(<FilePicker id="images" label="Images" buttonText="Choose images" multiple room={2} onFiles={onFiles} />);
    await user.upload(screen.getByLabelText('Choose images'), [png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByText('Maximum 5 images allowed: "c.png" was not added')).toBeInTheDocument();
    expect(onFiles.mock.calls[0]![0].map((f: File) => f.name)).toEqual(['a.png', 'b.png']);
  });
});
