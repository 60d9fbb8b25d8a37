import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as sdk from '../../test/sdk-mock';
import { FormSheet } from './FormSheet';

vi.mock('../telegram/sdk', () => import('../../test/sdk-mock'));

function sheet(props: Partial<Parameters<typeof FormSheet>[0]> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <FormSheet open title="Доопрацювання" description={<p>Залишилося доопрацювань: 2.</p>} submitText="Надіслати" onSubmit={onSubmit} onClose={onClose} {...props}>
      <input aria-label="Коментар" />
    </FormSheet>,
  );
  return { onSubmit, onClose };
}

afterEach(() => {
  sdk.hasMainButton.mockReturnValue(false);
  vi.clearAllMocks();
});

describe('FormSheet', () => {
  it('is a titled dialog whose button and Enter submit, and whose cross, Escape and backdrop close', async () => {
    const { onSubmit, onClose } = sheet();
    const dialog = screen.getByRole('dialog', { name: 'Доопрацювання' });
    expect(dialog).toHaveTextContent('Залишилося доопрацювань: 2.');
    await userEvent.click(screen.getByRole('button', { name: 'Надіслати' }));
    await userEvent.type(screen.getByLabelText('Коментар'), 'ок{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);

    await userEvent.click(screen.getByRole('button', { name: 'Закрити' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('leaves the focus in a field that took it, and otherwise puts it on the sheet', () => {
    const { unmount } = render(
      <FormSheet open title="Причина" submitText="Надіслати" onSubmit={() => {}} onClose={() => {}}>
        <input aria-label="Причина" autoFocus />
      </FormSheet>,
    );
    expect(screen.getByRole('textbox', { name: 'Причина' })).toHaveFocus();
    unmount();
    sheet();
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  it('cannot be closed or sent twice while sending', async () => {
    const { onSubmit, onClose } = sheet({ sending: true });
    expect(screen.getByRole('button', { name: 'Надіслати' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Закрити' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits with Telegram's MainButton where the client draws one, and hides it when closed", () => {
    sdk.hasMainButton.mockReturnValue(true);
    let tap: () => void = () => {};
    sdk.onMainButton.mockImplementation((listener) => {
      tap = listener;
      return () => {};
    });
    const onSubmit = vi.fn();
    const { rerender } = render(
      <FormSheet open title="Відкрити спір" submitText="Відкрити спір" onSubmit={onSubmit} onClose={() => {}}>
        <input aria-label="Причина" />
      </FormSheet>,
    );
    expect(screen.queryByRole('button', { name: 'Відкрити спір' })).toBeNull();
    expect(sdk.setMainButton).toHaveBeenLastCalledWith({ text: 'Відкрити спір', enabled: true, loading: false });
    act(() => tap());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <FormSheet open={false} title="Відкрити спір" submitText="Відкрити спір" onSubmit={onSubmit} onClose={() => {}}>
        <input aria-label="Причина" />
      </FormSheet>,
    );
    expect(sdk.setMainButton).toHaveBeenLastCalledWith(null);
  });
});
