import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input, TextArea } from './Field';

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
