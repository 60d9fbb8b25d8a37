import { useState } from 'react';
import { MIN_TOPUP_UAH, MSG, formatUah } from '@zalik/contract';
import { useMe } from '../../../api/me';
import { openLink } from '../../../telegram/sdk';
import { CardIcon, Cell, CheckCircleIcon, FixedBottomButton, IconTile, Page, Section, useErrorBanner } from '../../../ui';
import { useJar } from '../api';
import styles from '../wallet.module.css';

/* The card tile is the blue of Telegram's own payment icons; it carries a white glyph. */
const CARD_TILE = '#007aff';

/**
 * /wallet/deposit: top-up by card through the bank jar. The jar link is fetched ahead so the
 * tap opens it at once (a browser may block a window opened long after the tap); the payment
 * is matched to the user by the Telegram username in its comment, so a username comes first.
 */
export function DepositScreen() {
  const me = useMe();
  const banner = useErrorBanner();
  const jar = useJar();
  const [opening, setOpening] = useState(false);

  const pay = async () => {
    if (!me.username) {
      banner.show(MSG.usernameRequired);
      return;
    }
    if (jar.data) {
      openLink(jar.data.link);
      return;
    }
    setOpening(true);
    const again = await jar.refetch();
    setOpening(false);
    if (again.data) openLink(again.data.link);
    else banner.show(again.error?.message ?? MSG.networkError);
  };

  return (
    <Page title="Поповнення">
      <Section header="Спосіб оплати">
        <Cell
          before={
            <IconTile color={CARD_TILE}>
              <CardIcon size={19} />
            </IconTile>
          }
          subtitle="Картка в гривнях (UAH)"
          after={
            <span className={styles.chosen}>
              <CheckCircleIcon size={22} />
            </span>
          }
        >
          Visa / Mastercard
        </Cell>
      </Section>

      <Section header="Як поповнити">
        <ol className={styles.notes}>
          <li>
            Мінімальна сума поповнення — {formatUah(MIN_TOPUP_UAH)}. Приймаються лише картки в гривнях (UAH).
          </li>
          <li>
            {me.username ? (
              <>
                У коментарі до платежу вкажіть свій нікнейм у Telegram: <b>@{me.username}</b>. За ним ми знайдемо ваш платіж.
              </>
            ) : (
              'Спершу встановіть нікнейм (username) у налаштуваннях Telegram: його треба вказати в коментарі до платежу.'
            )}
          </li>
          <li>Баланс поповниться, щойно платіж буде підтверджено.</li>
        </ol>
      </Section>

      <FixedBottomButton loading={opening} onClick={() => void pay()}>
        Перейти до оплати
      </FixedBottomButton>
    </Page>
  );
}
