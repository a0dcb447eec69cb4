import '../lib/testing.tsx';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';

function Form({ busy, onSubmit, onClick }: { busy: boolean; onSubmit: () => void; onClick: () => void }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Name" />
      <Button type="submit" busy={busy} onClick={onClick}>
        Save
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('while busy, keeps focus and sends nothing, pressed or by Enter in a field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClick = vi.fn();
    const { rerender } = render(<Form busy={false} onSubmit={onSubmit} onClick={onClick} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<Form busy onSubmit={onSubmit} onClick={onClick} />);
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(save);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<Form busy={false} onSubmit={onSubmit} onClick={onClick} />);
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
