import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../telegram/sdk', () => ({ haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() } }));

import { FileField } from './FileField';

describe('FileField', () => {
  it('says in Ukrainian that no file is chosen, then names the chosen one with its size', async () => {
    const onFile = vi.fn();
    render(<FileField label="Файл DOCX" accept=".docx" onFile={onFile} />);
    expect(screen.getByRole('button', { name: 'Обрати файл' })).toBeTruthy();
    expect(screen.getByText('Файл не обрано')).toBeTruthy();

    const file = new File(['x'.repeat(2048)], 'звіт.docx');
    await userEvent.upload(screen.getByLabelText('Файл DOCX'), file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText('звіт.docx · 2 КБ')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Інший файл' })).toBeTruthy();
  });
});
