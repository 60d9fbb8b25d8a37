import { MSG, REFERRAL_BONUS_UAH, REFERRAL_FRIENDS_REQUIRED, REFERRAL_MIN_SPEND_UAH } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { loadingRegion, Button, Page, Section, SkeletonBar, showError, useToast } from '../../ui';
import { useInviteProgress } from './api';
import { copyText } from '../../lib/clipboard';
import { SHARED_TEXT } from '../../lib/shareCard';
import { shareInviteLink } from './share';
import styles from './invitation.module.css';
import { uah } from './money';
import { REFERRAL_REFUND_RULE } from './BonusCard';

const STEPS = [
  'Надішліть посилання друзям.',
  'Друг відкриває Залік за вашим посиланням і купує завдання.',
  `Коли ${REFERRAL_FRIENDS_REQUIRED} друзі витратять щонайменше по ${uah(REFERRAL_MIN_SPEND_UAH)}, заберіть ${uah(REFERRAL_BONUS_UAH)} у вкладці «Запрошення».`,
  REFERRAL_REFUND_RULE,
];

/** /invitation/invite: my invite link (`...?startapp=ref_<telegramId>`) with copy and share. */
export function InviteScreen() {
  const progress = useInviteProgress();
  const link = progress.data?.link ?? '';
  const [toast, showToast] = useToast();

  const share = async () => {
    if ((await shareInviteLink(link)) === 'sent') showToast(SHARED_TEXT);
  };

  const copy = async () => {
    if (await copyText(link)) {
      haptic.notification('success');
      showToast(MSG.copyOk);
    } else {
      showError(MSG.copyFail);
    }
  };

  return (
    <Page title="Запросити друга" subtitle="Друг відкриє Залік у Telegram, а його покупки наблизять ваш бонус.">
      {toast}
      <Section header="Ваше посилання">
        <div className={styles.linkBox}>
          {link ? (
            <p className={styles.link} data-testid="invite-link">
              {link}
            </p>
          ) : (
            <div className={styles.linkSkeleton} {...loadingRegion('Завантаження посилання', progress.isPending)}>
              <SkeletonBar width="92%" height={14} />
              <SkeletonBar width="55%" height={14} />
            </div>
          )}
          <div className={styles.linkActions}>
            <Button variant="secondary" stretched disabled={!link} onClick={copy}>
              Копіювати
            </Button>
            <Button stretched disabled={!link} onClick={() => void share()}>
              Поділитися
            </Button>
          </div>
        </div>
      </Section>

      <Section header="Як це працює">
        <ol className={styles.steps}>
          {STEPS.map((text, i) => (
            <li key={i}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <span>{text}</span>
            </li>
          ))}
        </ol>
      </Section>
    </Page>
  );
}
