import { useCallback, useEffect } from 'react';
import { offerHomeScreenOnce } from '../../lib/homeScreen';
import { useLocation, useNavigate } from 'react-router';
import { MSG, formatUah, type ProcessedTask } from '@zalik/contract';
import { useMe } from '../../api/me';
import { useWallets } from '../../api/wallets';
import { formatDate } from '../../lib/date';
import { useBackButtonOverride } from '../../telegram/BackButton';
import { Button, EmptyState, FileCard, Link, Lottie, Page, PropertyList, Section } from '../../ui';
import { developerLabel } from './names';
import type { ResultState } from './usePurchaseAttempt';
import styles from './buying.module.css';
import { paths } from '../../lib/paths';

function processedFrom(state: unknown): ProcessedTask | null {
  const p = (state as Partial<ResultState> | null)?.processed;
  return p && typeof p === 'object' && 'taskTitle' in p ? p : null;
}

/** What happened to the money, and whether the file is there: a free take paid nothing. */
function heroText(p: ProcessedTask): string {
  const paid = p.free ? 'Завдання видано без оплати' : 'Оплата пройшла успішно';
  return p.autoGenerate ? `${paid}, файл уже готовий.` : `${paid}.`;
}

/** /list-task/{subjectID}/{buying}/buying-result: what was bought, and the answer file or what happens next. */
export default function ResultScreen() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const processed = processedFrom(state);
  const me = useMe();
  // Refetched after the purchase (the wallet key was invalidated): the balance left.
  const balance = useWallets(me.telegramId, { silent: true }).data?.find((w) => w.kind === 'general')?.balance;
  useBackButtonOverride(useCallback(() => navigate(paths.home, { replace: true }), [navigate]));
  // A first purchase is when the app proved worth coming back to: offer its home-screen shortcut (once).
  const purchased = processed !== null;
  useEffect(() => {
    if (purchased) void offerHomeScreenOnce();
  }, [purchased]);

  if (!processed) {
    return (
      <Page>
        <EmptyState text="Результати покупок зберігаються в історії завдань.">
          <Link to={paths.settings.history}>Відкрити історію</Link>
        </EmptyState>
      </Page>
    );
  }

  const delivered = processed.orderStatus === 'DONE';
  // A manual order waits for its developer until the deadline the server set at purchase.
  const waiting = !processed.autoGenerate && processed.orderStatus === 'IN_PROGRESS' && !!processed.deadlineAt;
  // The price of a manual order waits in escrow for her acceptance: not spent yet (issue 29).
  const held = waiting && !processed.free && processed.charged > 0;
  const title = processed.autoGenerate ? 'Готово!' : delivered ? 'Відповідь готова' : 'Замовлення прийнято';
  return (
    <Page>
      <div className={styles.hero}>
        <Lottie name="success" size={130} loop={false} />
        <h1 className={styles.heroTitle}>{title}</h1>
        <p className={styles.heroText}>{heroText(processed)}</p>
      </div>

      <Section>
        <PropertyList
          items={[
            { label: 'Розробник', value: developerLabel(processed.developerName) },
            { label: 'Предмет', value: processed.subjectName },
            { label: 'Завдання', value: processed.taskTitle },
            { label: held ? MSG.heldLabel : 'Списано', value: <span className={styles.charged}>{processed.free ? 'Без оплати' : formatUah(processed.charged)}</span> },
            { label: 'Залишок на балансі', value: <span className={styles.charged}>{balance === undefined ? '…' : formatUah(balance)}</span> },
            ...(waiting ? [{ label: 'Виконати до', value: <strong>{formatDate(processed.deadlineAt)}</strong> }] : []),
          ]}
        />
      </Section>

      {processed.autoGenerate && processed.fileName && processed.link ? (
        <Section header="Ваш файл">
          <FileCard fileName={processed.fileName} link={processed.link} createdAt={processed.createdAt} />
        </Section>
      ) : (
        <Section header={delivered ? 'Повідомлення розробника' : 'Що далі'}>
          <p className={styles.note}>{processed.message?.trim() || (delivered ? 'Файли відповіді — в історії завдань.' : MSG.orderAccepted)}</p>
          {held && (
            <p className={styles.note} data-testid="result-held">
              {MSG.heldInProgress(formatUah(processed.charged), formatDate(processed.deadlineAt))}
            </p>
          )}
          {waiting && (
            <p className={styles.note}>Якщо розробник не встигне до цього часу, в історії завдань можна буде скасувати замовлення й повернути кошти.</p>
          )}
        </Section>
      )}

      {processed.explanationSessionId && (
        <Section header="Пояснення">
          <p className={styles.note}>Незрозуміло, як розв’язано? Запитайте ШІ-репетитора: він пояснить крок за кроком.</p>
          <Button variant="secondary" stretched onClick={() => navigate(paths.explanation(processed.explanationSessionId!))}>
            Пояснення
          </Button>
        </Section>
      )}

      <Link className={styles.historyLink} to={paths.settings.history}>
        Історія завдань
      </Link>
    </Page>
  );
}
