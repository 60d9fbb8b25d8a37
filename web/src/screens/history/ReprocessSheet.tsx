import { useState } from 'react';
import { MSG, type HistoryItem } from '@zalik/contract';
import { FormSheet, Input } from '../../ui';
import { useReprocessOrder } from './api';

interface ReprocessSheetProps {
  open: boolean;
  item: HistoryItem;
  telegramId: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 'Згенерувати ще раз': the values of the purchase, to correct, then one free regeneration
 * whose file replaces the old one. The order keeps what it was bought with; the server checks
 * the values as in a purchase.
 */
export function ReprocessSheet({ open, item, telegramId, onClose, onDone }: ReprocessSheetProps) {
  const [values, setValues] = useState<string[]>(() => [...item.arguments]);
  const [marked, setMarked] = useState(false);
  const reprocess = useReprocessOrder(telegramId);
  const sending = reprocess.isPending;
  const submit = () => {
    setMarked(true);
    if (values.some((v) => v.trim() === '')) return;
    reprocess.mutate({ id: item.id, values: values.map((v) => v.trimEnd()) }, { onSuccess: onDone });
  };
  return (
    <FormSheet
      open={open}
      title="Згенерувати ще раз"
      description={<p>Виправте дані, які ви ввели під час покупки. Новий файл замінить попередній; це безкоштовно й лише один раз.</p>}
      submitText={sending ? 'Генерація' : 'Згенерувати'}
      sending={sending}
      onClose={onClose}
      onSubmit={submit}
    >
      {values.map((v, i) => (
        <Input
          key={i}
          label={item.argumentNames[i] ?? (values.length > 1 ? `Значення №${i + 1}` : 'Значення')}
          value={v}
          autoFocus={i === 0}
          autoComplete="off"
          disabled={sending}
          error={marked && v.trim() === '' ? MSG.argumentEmpty : undefined}
          onChange={(e) => setValues(values.map((x, j) => (j === i ? e.target.value : x)))}
        />
      ))}
    </FormSheet>
  );
}
