import type { Teacher } from '@zalik/contract';
import { Cell, Section, SkeletonBar } from '../../../ui';
import { hasFilters, priceLabel, type TaskFilters } from '../lib/filters';
import styles from './TaskListScreen.module.css';
import { paths } from '../../../lib/paths';

interface FilterRowsProps {
  subjectId: string;
  filters: TaskFilters;
  /** The selected teacher, undefined while the teachers load. */
  teacher: Teacher | null | undefined;
  onReset: () => void;
}

/** The three filter rows, each showing its current selection and opening its picker. */
export function FilterRows({ subjectId, filters, teacher, onReset }: FilterRowsProps) {
  // Tells a picker it was opened from the list, so 'Застосувати' can simply go back.
  const state = { fromList: true };
  const value = (text: string) => <span className={styles.filterValue}>{text}</span>;
  return (
    <Section
      header="Фільтри"
      footer={
        hasFilters(filters) ? (
          <button type="button" className={styles.reset} onClick={onReset}>
            Скинути фільтри
          </button>
        ) : undefined
      }
    >
      <Cell
        to={paths.chooseTeacher(subjectId)}
        state={state}
        after={teacher === undefined ? <SkeletonBar width={80} /> : value(teacher?.name ?? 'Усі')}
      >
        Викладач
      </Cell>
      <Cell to={paths.chooseCreator(subjectId)} state={state} after={value(filters.creator !== null ? `@${filters.creator}` : 'Усі')}>
        Розробник
      </Cell>
      <Cell to={paths.choosePrice(subjectId)} state={state} after={value(priceLabel(filters.price, filters.mode))}>
        Ціна
      </Cell>
    </Section>
  );
}
