import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Input, Switch, TextArea } from './Field';

vi.mock('../telegram/sdk', () => import('../../test/sdk-mock'));

describe.each([
  ['Input', Input, 'INPUT'],
  ['TextArea', TextArea, 'TEXTAREA'],
] as const)('%s', (_, Field, tag) => {
  const role = 'textbox';
  it('is named by its label and described by its hint', () => {
    render(<Field label="Номер картки" hint="16 цифр" />);
    const control = screen.getByRole(role, { name: 'Номер картки' });
    expect(control).toHaveAccessibleDescription('16 цифр');
    expect(control).toBeValid();
    expect(control.tagName).toBe(tag);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces the error in place of the hint and marks the control invalid', () => {
    render(<Field label="Сума" hint="Від 100 грн" error="Вкажіть суму" />);
    const control = screen.getByRole(role, { name: 'Сума' });
    expect(screen.getByRole('alert')).toHaveTextContent('Вкажіть суму');
    expect(control).toBeInvalid();
    expect(control).toHaveAccessibleDescription('Вкажіть суму');
    expect(screen.queryByText('Від 100 грн')).not.toBeInTheDocument();
  });

  it('keeps an id it was given and one label per control', () => {
    render(
      <>
        <Field id="card" label="Картка" />
        <Field label="Коментар" />
      </>,
    );
    expect(screen.getByLabelText('Картка')).toHaveAttribute('id', 'card');
    expect(screen.getByLabelText('Коментар')).not.toHaveAttribute('id', 'card');
    expect(screen.getByLabelText('Коментар')).not.toHaveAccessibleDescription();
  });
});

describe('Switch', () => {
  it('is one switch named by its label, bare or as a row whose title and subtitle it carries', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Switch checked={false} onChange={onChange} label="Менше або дорівнює" />);
    await userEvent.click(screen.getByRole('switch', { name: 'Менше або дорівнює', checked: false }));
    expect(onChange).toHaveBeenLastCalledWith(true);

    rerender(
      <Switch checked onChange={onChange} label="Видимість для студентів" subtitle="Студенти бачать завдання">
        Видиме
      </Switch>,
    );
    const row = screen.getByRole('switch', { name: 'Видимість для студентів', checked: true });
    expect(row).toHaveTextContent('ВидимеСтуденти бачать завдання');
    await userEvent.click(screen.getByText('Студенти бачать завдання'));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(screen.getAllByRole('switch')).toHaveLength(1);
  });
});
