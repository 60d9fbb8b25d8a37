import { REFERRAL_BONUS_UAH, REFERRAL_FRIENDS_REQUIRED, REFERRAL_MIN_SPEND_UAH, formatUah, type InviteProgress } from '@zalik/contract';
import { Button, SkeletonBar } from '../../ui';
import styles from './invitation.module.css';
import { uah } from './money';

interface BonusCardProps {
  progress: InviteProgress | undefined;
  /** The server's isAvailableClaim flag; undefined while it loads. */
  claimable: boolean | undefined;
  claiming: boolean;
  onClaim: () => void;
}

/**
 * Which purchases count and what a refund does to a bonus (docs/LEDGER.md, "Referral bonus"):
 * said where the rule is, so a bonus taken back surprises nobody.
 */
export const REFERRAL_REFUND_RULE =
  'Рахуються лише завершені замовлення друзів. Якщо гроші за них повернуть і умову більше не виконано, отриманий бонус спишеться з вашого гаманця, а чого бракує — з наступних поповнень.';

/** The referral programme in one card: the rule, how many friends qualified, and the bonus button. */
export function BonusCard({ progress, claimable, claiming, onClaim }: BonusCardProps) {
  const required = progress?.requiredCount ?? REFERRAL_FRIENDS_REQUIRED;
  const qualified = Math.min(progress?.qualifiedCount ?? 0, required);
  const claimed = progress?.claimed ?? false;
  const loading = !progress || claimable === undefined;
  // After a claim the server answers bonus 0: the button shows it and stays inactive.
  const amount = claimed ? 0 : (progress?.bonus ?? REFERRAL_BONUS_UAH);

  return (
    <section className={styles.bonus} aria-labelledby="bonus-title">
      <p className={styles.bonusLabel}>Бонус за друзів</p>
      <h2 className={styles.bonusAmount} id="bonus-title">
        {uah(REFERRAL_BONUS_UAH)}
      </h2>
      <p className={styles.bonusRule}>
        Запрошуйте друзів у Залік. Коли {REFERRAL_FRIENDS_REQUIRED} з них витратять на завдання щонайменше по{' '}
        {uah(REFERRAL_MIN_SPEND_UAH)}, ви отримаєте {uah(REFERRAL_BONUS_UAH)} на загальний гаманець.
      </p>
      <p className={styles.bonusNote} data-testid="bonus-refund-rule">
        {REFERRAL_REFUND_RULE}
      </p>

      <div className={styles.progress}>
        <div className={styles.progressText}>
          <span>Виконали умову</span>
          {loading ? (
            <SkeletonBar width={48} height={14} />
          ) : (
            <span data-testid="qualified">
              {qualified} з {required}
            </span>
          )}
        </div>
        <div className={styles.segments} role="progressbar" aria-label="Друзі, що виконали умову" aria-valuemin={0} aria-valuemax={required} aria-valuenow={qualified}>
          {Array.from({ length: required }, (_, i) => (
            <span key={i} className={i < qualified ? styles.segmentOn : styles.segment} />
          ))}
        </div>
      </div>

      <Button size="large" stretched disabled={loading || claimed || claimable !== true} loading={claiming} onClick={onClaim} aria-busy={loading || claiming || undefined}>
        {claimed ? `Бонус отримано · ${formatUah(amount)}` : `Отримати ${formatUah(amount)}`}
      </Button>
      {claimed && <p className={styles.bonusNote}>Бонус уже зараховано на ваш гаманець.</p>}
    </section>
  );
}
