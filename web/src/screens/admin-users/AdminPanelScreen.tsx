import { BoltIcon, CardIcon, Cell, ChartIcon, DocumentIcon, HistoryIcon, IconTile, Page, PercentIcon, Section, SettingsIcon, ShieldIcon, StarIcon, SupportIcon, TasksIcon, UsersIcon, WalletIcon } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { paths } from '../../lib/paths';

/* iOS system colours, as on the settings screen: white glyphs on them read in both themes. */
const TILE = {
  users: '#007aff',
  deposits: '#ff9f0a',
  bank: '#5856d6',
  withdrawals: '#34c759',
  disputes: '#ff3b30',
  catalogue: '#ff9500',
  news: '#af52de',
  faq: '#5ac8fa',
  maintenance: '#8e8e93',
  broadcasts: '#ff2d55',
  discounts: '#af52de',
  dashboard: '#30b0c7',
  explanations: '#5856d6',
  audit: '#636366',
  templates: '#34c759',
} as const;

/** /settings/admin-panel: the admin's menu (lazy chunk). */
export default function AdminPanelScreen() {
  return (
    <RequireRole role="admin">
      <Page title="Адмін-панель">
        <Section>
          <Cell
            to={paths.admin.dashboard}
            before={<IconTile color={TILE.dashboard}><ChartIcon size={19} /></IconTile>}
            subtitle="Виручка, покупки, черга замовлень, експорт CSV"
          >
            Дашборд
          </Cell>
          <Cell
            to={paths.admin.templates}
            before={<IconTile color={TILE.templates}><DocumentIcon size={19} /></IconTile>}
            subtitle="DOCX-шаблони автоматичних завдань, спільні для кількох завдань"
          >
            Бібліотека шаблонів
          </Cell>
          <Cell
            to={paths.admin.explanationDocuments}
            before={<IconTile color={TILE.explanations}><DocumentIcon size={19} /></IconTile>}
            subtitle="Матеріали, на які спираються відповіді ШІ-репетитора"
          >
            Документи для пояснень
          </Cell>
          <Cell
            to={paths.admin.users}
            before={<IconTile color={TILE.users}><UsersIcon size={19} /></IconTile>}
            subtitle="Пошук, ролі, блокування, поповнення"
          >
            Користувачі
          </Cell>
          <Cell
            to={paths.admin.disputes}
            before={<IconTile color={TILE.disputes}><ShieldIcon size={19} /></IconTile>}
            subtitle="Замовлення, які студент оскаржив"
          >
            Спори
          </Cell>
        </Section>
        <Section header="Гроші">
          <Cell
            to={paths.admin.deposits}
            before={<IconTile color={TILE.deposits}><StarIcon size={19} /></IconTile>}
            subtitle="Telegram Stars і картка: статуси, повернення зірок"
          >
            Поповнення
          </Cell>
          <Cell
            to={paths.admin.bankPayments}
            before={<IconTile color={TILE.bank}><CardIcon size={19} /></IconTile>}
            subtitle="Перекази без коду: зарахувати вручну"
          >
            Платежі на банку
          </Cell>
          <Cell
            to={paths.admin.withdrawals}
            before={<IconTile color={TILE.withdrawals}><WalletIcon size={19} /></IconTile>}
            subtitle="Виплати розробникам"
          >
            Заявки на виведення
          </Cell>
        </Section>
        <Section header="Вміст">
          <Cell
            to={paths.admin.broadcasts}
            before={<IconTile color={TILE.broadcasts}><BoltIcon size={19} /></IconTile>}
            subtitle="Повідомлення від бота курсу або всім"
          >
            Розсилки
          </Cell>
          <Cell to={paths.admin.news} before={<IconTile color={TILE.news}><DocumentIcon size={19} /></IconTile>} subtitle="Слайди над списком предметів">
            Новини
          </Cell>
          <Cell to={paths.admin.faq} before={<IconTile color={TILE.faq}><SupportIcon size={19} /></IconTile>} subtitle="Відповіді на екрані підтримки">
            Часті питання
          </Cell>
        </Section>
        <Section footer="Предмети, викладачів, завдання та знижки редагуйте прямо у вкладці «Завдання»: утримуйте картку або клацніть правою кнопкою, щоб відкрити меню.">
          <Cell to={paths.home} before={<IconTile color={TILE.catalogue}><TasksIcon size={19} /></IconTile>}>
            Каталог завдань
          </Cell>
          <Cell
            to={paths.admin.discounts}
            before={<IconTile color={TILE.discounts}><PercentIcon size={19} /></IconTile>}
            subtitle="Усі знижки: пошук, зміна, видалення"
          >
            Знижки
          </Cell>
        </Section>
        <Section>
          <Cell
            to={paths.admin.maintenance}
            before={<IconTile color={TILE.maintenance}><SettingsIcon size={19} /></IconTile>}
            subtitle="Закрити застосунок для всіх, крім адміністраторів"
          >
            Технічне обслуговування
          </Cell>
          <Cell
            to={paths.admin.audit()}
            before={<IconTile color={TILE.audit}><HistoryIcon size={19} /></IconTile>}
            subtitle="Хто з адміністраторів що зробив, експорт CSV"
          >
            Журнал дій
          </Cell>
        </Section>
      </Page>
    </RequireRole>
  );
}
