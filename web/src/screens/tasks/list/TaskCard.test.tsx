import { render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { discountedPrice, formatUah } from '@zalik/contract';
import { task } from '../../../../test/fixtures';
import { TaskCard } from './TaskCard';

/** The card links to its author's profile: it lives in a router. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

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

  it('shows the rating with its Ukrainian plural, or that there are no reviews yet', () => {
    const { rerender } = render(<TaskCard task={task({ id: '1', rating: { average: 4.25, count: 3 } })} showVisibility={false} onOpen={() => {}} />);
    expect(screen.getByText('4,3')).toBeInTheDocument();
    expect(screen.getByText('· 3 відгуки')).toBeInTheDocument();
    rerender(<TaskCard task={task({ id: '1', rating: { average: 5, count: 1 } })} showVisibility={false} onOpen={() => {}} />);
    expect(screen.getByText('· 1 відгук')).toBeInTheDocument();
    rerender(<TaskCard task={task({ id: '1', rating: { average: 4.8, count: 25 } })} showVisibility={false} onOpen={() => {}} />);
    expect(screen.getByText('· 25 відгуків')).toBeInTheDocument();
    rerender(<TaskCard task={task({ id: '1' })} showVisibility={false} onOpen={() => {}} />);
    expect(screen.getByText('Ще немає відгуків')).toBeInTheDocument();
  });

  it("opens the creator's profile from their name, not the purchase", async () => {
    const onOpen = vi.fn();
    renderBare(
      <MemoryRouter initialEntries={['/list-task/7']}>
        <Routes>
          <Route path="*" element={<><TaskCard task={task({ id: '5' })} showVisibility={false} onOpen={onOpen} /><Where /></>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Профіль розробника @dev_demo' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-task/author/100002');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
