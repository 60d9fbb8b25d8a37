import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS } from '@zalik/contract';

vi.mock('../telegram/sdk', () => ({ haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() } }));

import { ContextMenu } from './ContextMenu';

function setup(disabled = false) {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const onTap = vi.fn();
  render(
    <ContextMenu
      disabled={disabled}
      items={[
        { label: 'Редагувати', onSelect: onEdit },
        { label: 'Видалити', onSelect: onDelete, destructive: true },
      ]}
    >
      <button type="button" onClick={onTap}>
        Математика
      </button>
    </ContextMenu>,
  );
  return { onEdit, onDelete, onTap, target: screen.getByRole('button', { name: 'Математика' }) };
}

const touch = { pointerType: 'touch', clientX: 100, clientY: 200 };

describe('ContextMenu', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`opens after a ${LONG_PRESS_MS} ms touch press, not before`, () => {
    const { target } = setup();
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Редагувати', 'Видалити']);
  });

  it('a short tap is a normal tap', () => {
    const { target, onTap } = setup();
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS / 2));
    fireEvent.pointerUp(target, touch);
    fireEvent.click(target);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('moving the finger (scrolling) cancels the press', () => {
    const { target } = setup();
    fireEvent.pointerDown(target, touch);
    fireEvent.pointerMove(target, { ...touch, clientY: 240 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('the click that ends a long press does not also tap the item', () => {
    const { target, onTap } = setup();
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    fireEvent.pointerUp(target, touch);
    fireEvent.click(target);
    expect(onTap).not.toHaveBeenCalled();
  });

  it('the click a touch screen sends on release keeps the menu open, wherever it lands', () => {
    const { target, onEdit } = setup();
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    fireEvent.pointerUp(target, touch);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Редагувати' })); // the finger over an item
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole('menuitem', { name: 'Редагувати' }), touch); // a real tap next
    fireEvent.click(screen.getByRole('menuitem', { name: 'Редагувати' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('opens on right click and runs the chosen item, then closes', () => {
    const { target, onDelete } = setup();
    fireEvent.contextMenu(target, { clientX: 50, clientY: 60 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Видалити' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('does nothing when disabled (non-admins)', () => {
    const { target } = setup(true);
    fireEvent.contextMenu(target);
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
