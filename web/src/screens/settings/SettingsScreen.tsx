import { useCourse, useMe, type Me } from '../../api/me';
import { useThreadUnread } from '../../api/threads';
import { Badge, Cell, CodeIcon, DocumentIcon, HistoryIcon, IconTile, Page, Section, ShieldIcon, SupportIcon } from '../../ui';
import styles from './SettingsScreen.module.css';
import { paths } from '../../lib/paths';

/*
 * Tile colours are the iOS system palette Telegram itself uses for its settings icons; they
 * carry a white glyph and read on both light and dark themes.
 */
const TILE = { history: '#ff9500', support: '#34c759', admin: '#ff3b30', dev: '#5856d6', rules: '#007aff', privacy: '#8e8e93' } as const;

function initials(me: Me): string {
  const s = `${me.firstName.charAt(0)}${me.lastName.charAt(0)}`.trim();
  return (s || me.username.charAt(0) || '?').toUpperCase();
}

/** /settings: who I am and the menu (admin and dev panels only for those roles). */
export function SettingsScreen() {
  const me = useMe();
  const course = useCourse();
  const name = `${me.firstName} ${me.lastName}`.trim() || me.username || 'Unknown';
  const meta = [me.username ? `@${me.username}` : '', course.data ? `${course.data} курс` : ''].filter(Boolean).join(' · ');
  // Unread thread messages: in the user's purchases (the history) and in the orders they fulfil (the dev panel).
  const unread = useThreadUnread().data;

  return (
    <Page>
      <div className={styles.profile}>
        {me.photoUrl ? <img className={styles.avatar} src={me.photoUrl} alt="" /> : <span className={styles.avatar}>{initials(me)}</span>}
        <h1 className={styles.name}>{name}</h1>
        <p className={styles.meta}>{meta}</p>
      </div>

      <Section>
        <Cell to={paths.settings.history} before={<IconTile color={TILE.history}><HistoryIcon size={19} /></IconTile>} after={<Badge count={unread?.asBuyer} />}>
          Історія завдань
        </Cell>
        <Cell to={paths.settings.support} before={<IconTile color={TILE.support}><SupportIcon size={19} /></IconTile>}>
          Зв’язатися з підтримкою
        </Cell>
      </Section>

      {(me.isAdmin || me.isDeveloper) && (
        <Section header="Керування">
          {me.isAdmin && (
            <Cell to={paths.admin.root} before={<IconTile color={TILE.admin}><ShieldIcon size={19} /></IconTile>}>
              Адмін-панель
            </Cell>
          )}
          {me.isDeveloper && (
            <Cell to={paths.settings.devPanel} before={<IconTile color={TILE.dev}><CodeIcon size={19} /></IconTile>} after={<Badge count={unread?.asDeveloper} />}>
              Панель розробника
            </Cell>
          )}
        </Section>
      )}

      <Section>
        <Cell to={paths.settings.rules} before={<IconTile color={TILE.rules}><DocumentIcon size={19} /></IconTile>}>
          Умови користування
        </Cell>
        <Cell to={paths.settings.privacy} before={<IconTile color={TILE.privacy}><ShieldIcon size={19} /></IconTile>}>
          Політика конфіденційності
        </Cell>
      </Section>
    </Page>
  );
}
