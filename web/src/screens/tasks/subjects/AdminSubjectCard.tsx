import { useNavigate } from 'react-router';
import type { Subject } from '@zalik/contract';
import { AdminActions } from '../admin/AdminActions';
import { useDeleteCatalogue } from '../api/deletes';
import { SubjectLink } from './SubjectLink';
import { paths } from '../../../lib/paths';

/** An admin's subject card: long press or right click for 'Редагувати' / 'Видалити' (SubjectCard loads it lazily). */
export default function AdminSubjectCard({ subject }: { subject: Subject }) {
  const navigate = useNavigate();
  const remove = useDeleteCatalogue();
  return (
    <AdminActions
      deleteQuestion={`Видалити предмет «${subject.name}»?`}
      onEdit={() => navigate(paths.editSubject, { state: { subject } })}
      onDelete={() => remove.mutate({ kind: 'subjects', id: subject.id })}
    >
      <SubjectLink subject={subject} busy={remove.isPending} />
    </AdminActions>
  );
}
