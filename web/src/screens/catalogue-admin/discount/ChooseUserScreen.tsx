import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBackButtonOverride } from '../../../telegram/BackButton';
import { Cell, EmptyState, Input, Page, Section, SkeletonRows } from '../../../ui';
import { useUserSearch } from '../common/api';
import { useParentPath } from '../../../lib/navigation';

const SEARCH_DELAY_MS = 250;

/**
 * give-discount/choose-user: the user of a LOCAL discount, searched by Telegram ID prefix or
 * username.
 * The choice goes back as `?telegramId=` (survives reloads); this screen replaced the form in
 * history, so going back returns to it in place too.
 */
export default function ChooseUserScreen() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const users = useUserSearch(search);
  const navigate = useNavigate();
  const location = useLocation();
  const formPath = useParentPath();

  useEffect(() => {
    const t = setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);

  useBackButtonOverride(() => navigate(formPath, { replace: true }));

  const choose = (telegramId: string) => {
    const params = new URLSearchParams(location.search);
    params.set('telegramId', telegramId);
    navigate(`${formPath.split('?')[0]}?${params.toString()}`, { replace: true });
  };

  return (
    <Page title="Користувач" subtitle="Кому дати персональну знижку">
      <Input
        label="Telegram ID або нікнейм"
        placeholder="Початок Telegram ID або @нікнейм"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, 100))}
        autoFocus
      />
      {users.isPending ? (
        <Section>
          <SkeletonRows count={5} subtitle />
        </Section>
      ) : users.data?.length ? (
        <Section>
          {users.data.map((u) => (
            <Cell key={u.telegramId} onClick={() => choose(u.telegramId)} subtitle={`ID ${u.telegramId}`} chevron>
              {u.username ? `@${u.username}` : 'Unknown'}
            </Cell>
          ))}
        </Section>
      ) : (
        <EmptyState text="Нікого не знайдено" animation={undefined} />
      )}
    </Page>
  );
}
