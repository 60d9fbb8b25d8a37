import type { DiscountListItem } from '@zalik/contract';

/** Who gets it: everyone, or the LOCAL discount's user. */
export function who(d: Pick<DiscountListItem, 'type' | 'username' | 'telegramId'>): string {
  if (d.type === 'GLOBAL') return 'Для всіх';
  return d.username ? `@${d.username}` : `ID ${d.telegramId}`;
}

export function usesText(d: Pick<DiscountListItem, 'availableValue'>): string {
  return d.availableValue === null ? 'без обмежень' : `залишилось активацій: ${d.availableValue}`;
}

/** 'знижку 30% на «Лабораторна 1» для @olena', for the delete confirmation. */
export function describe(d: DiscountListItem): string {
  return `знижку ${d.discountValue}% на «${d.taskTitle}» ${d.type === 'GLOBAL' ? 'для всіх' : `для ${who(d)}`}`;
}
