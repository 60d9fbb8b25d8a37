import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CryptoNetwork, PaymentDetailsType } from '@zalik/contract';
import { useMe } from '../../../api/me';
import { paths } from '../../../lib/paths';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { Cell, EmptyState, Input, MainAction, Page, Section, SectionHeader, SkeletonRows, Tabs } from '../../../ui';
import { keepCardTogether } from '../format';
import styles from '../wallet.module.css';
import { usePayoutRules, useSavePaymentDetails, useWalletEntries } from './api';
import { checkDetails, detailsHint, shownDetails } from './details';

const TYPES = [
  { value: 'BANK_CARD', label: 'Банківська картка' },
  { value: 'CRYPTO', label: 'Криптогаманець' },
] as const;

/** /wallet/withdraw/details (developers; lazy chunk): where payouts go, a card or a crypto address. */
export default function PayoutDetailsScreen() {
  return (
    <RequireRole role="developer">
      <PayoutDetails />
    </RequireRole>
  );
}

function PayoutDetails() {
  const me = useMe();
  const entries = useWalletEntries(me.telegramId);
  const rules = usePayoutRules();
  const dev = entries.data?.find((w) => w.walletType === 'DEVELOPER');
  if (entries.isPending || rules.isPending) {
    return (
      <Page title="Дані для виплат">
        <SkeletonRows count={3} />
      </Page>
    );
  }
  if (!dev || !rules.data) return <EmptyState text={entries.error?.message ?? rules.error?.message ?? 'Гаманець розробника не знайдено'} />;
  return <DetailsForm walletId={dev.id} saved={dev.paymentDetails} savedType={dev.paymentDetailsType} network={rules.data.cryptoNetwork as CryptoNetwork} label={rules.data.cryptoNetworkLabel} />;
}

interface FormProps {
  walletId: string;
  saved: string | null;
  savedType: PaymentDetailsType | null;
  network: CryptoNetwork;
  label: string;
}

function DetailsForm({ walletId, saved, savedType, network, label }: FormProps) {
  const navigate = useNavigate();
  const save = useSavePaymentDetails();
  const [type, setType] = useState<PaymentDetailsType>(savedType ?? 'BANK_CARD');
  const [typed, setTyped] = useState('');
  const check = checkDetails(type, typed, network);
  const submit = () => {
    if (!check.value) return;
    save.mutate(
      { walletId, paymentDetails: check.value, paymentDetailsType: type },
      {
        onSuccess: () => {
          haptic.notification('success');
          void navigate(paths.wallet.withdraw, { replace: true, state: { saved: true } });
        },
      },
    );
  };
  return (
    <Page title="Дані для виплат" subtitle="Сюди адміністратор переказуватиме ваші виплати. Дані зберігаються зашифрованими.">
      {saved && (
        <Section header="Збережено">
          <Cell subtitle={savedType === 'CRYPTO' ? label : 'Банківська картка'}>{keepCardTogether(saved)}</Cell>
        </Section>
      )}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SectionHeader>{saved ? 'Змінити' : 'Додати'}</SectionHeader>
        <Tabs
          label="Спосіб виплати"
          items={TYPES}
          value={type}
          onChange={(t) => {
            setType(t);
            setTyped('');
          }}
        />
        <Input
          label={type === 'BANK_CARD' ? 'Номер картки' : `Адреса ${label}`}
          placeholder={type === 'BANK_CARD' ? '0000 0000 0000 0000' : 'T…'}
          inputMode={type === 'BANK_CARD' ? 'numeric' : 'text'}
          autoComplete={type === 'BANK_CARD' ? 'cc-number' : 'off'}
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          hint={detailsHint(type, network)}
          error={check.error}
          onChange={(e) => setTyped(shownDetails(type, e.target.value))}
        />
        <MainAction submit text="Зберегти дані для виплат" disabled={!check.value} loading={save.isPending} onAction={submit} />
      </form>
    </Page>
  );
}
