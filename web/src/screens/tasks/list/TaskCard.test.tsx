import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { discountedPrice, formatUah } from '@zalik/contract';
import { task } from '../../../../test/fixtures';
import { TaskCard } from './TaskCard';

describe('TaskCard', () => {
  it('shows title, price, creator and the buy button', () => {
    render(<TaskCard task={task({ id: '1', title: 'Лабораторна робота №1', price: 120 })} showVisibility={false} onOpen={() => {}} />);
    const card = screen.getByRole('article', { name: 'Лабораторна робота №1' });
    expect(within(card).getByRole('heading')).toHaveTextContent('Лабораторна робота №1');
    expect(within(card).getByText('Вартість')).toBeInTheDocument();
    expect(within(card).getByText('120 грн')).toBeInTheDocument();
    expect(within(card).getByText('@dev_demo')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Придбати' })).toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
  });

  it('strikes the old price through and shows price − price × discount / 100', () => {
    const { container } = render(<TaskCard task={task({ id: '1', price: 150, discount: 20 })} showVisibility={false} onOpen={() => {}} />);
    expect(container.querySelector('s')).toHaveTextContent('150 грн');
    expect(formatUah(discountedPrice(150, 20))).toBe('120 грн');
    expect(screen.getByText('120 грн')).toBeInTheDocument();
    expect(screen.getByText('−20%')).toBeInTheDocument();
  });

  it('keeps kopecks when the discount makes them', () => {
    render(<TaskCard task={task({ id: '1', price: 99, discount: 15 })} showVisibility={false} onOpen={() => {}} />);
    expect(screen.getByText(formatUah(84.15))).toBeInTheDocument();
  });

  it('marks auto-generated tasks, and shows the visibility eye to admins only', () => {
    const auto = task({ id: '1', autoGenerate: true, visible: false });
    const { rerender } = render(<TaskCard task={auto} showVisibility={false} onOpen={() => {}} />);
    expect(screen.getByRole('img', { name: 'Автогенерація' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Приховане|Видиме/ })).toBeNull();

    rerender(<TaskCard task={auto} showVisibility onOpen={() => {}} />);
    expect(screen.getByRole('img', { name: 'Приховане від студентів' })).toBeInTheDocument();
    rerender(<TaskCard task={{ ...auto, visible: true, autoGenerate: false }} showVisibility onOpen={() => {}} />);
    expect(screen.getByRole('img', { name: 'Видиме студентам' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Автогенерація' })).toBeNull();
  });

  it('opens the task from the button or the card, once per tap', async () => {
    const onOpen = vi.fn();
    const t = task({ id: '5' });
    render(<TaskCard task={t} showVisibility={false} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Придбати' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('heading'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(t);
  });
});
