import type { OrderActor, OrderEventKind } from '@zalik/contract';

/** An order's history of states, in words (the disputes screen). */
export const EVENT_LABEL: Record<OrderEventKind, string> = {
  PURCHASE: 'Оплачено',
  DELIVERY: 'Відповідь надіслано',
  ACCEPT: 'Прийнято студентом',
  AUTO_RELEASE: 'Кошти передано після перевірки',
  REVISION: 'Запит на доопрацювання',
  DISPUTE: 'Відкрито спір',
  RESOLVE_RELEASE: 'Спір: виплачено розробнику',
  RESOLVE_REFUND: 'Спір: повернуто студенту',
  STUDENT_CANCEL: 'Скасовано після строку',
  DEVELOPER_CANCEL: 'Скасовано розробником',
  AUTO_REFUND: 'Скасовано автоматично',
  ADMIN_REFUND: 'Кошти повернуто адміністратором',
  REPROCESS: 'Згенеровано заново',
  FILES_REPLACED: 'Файли замінено',
};

export const ACTOR_LABEL: Record<OrderActor, string> = {
  STUDENT: 'студент',
  DEVELOPER: 'розробник',
  ADMIN: 'адміністратор',
  SYSTEM: 'автоматично',
};
