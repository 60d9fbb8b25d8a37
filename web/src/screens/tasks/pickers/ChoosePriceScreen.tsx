import { useState } from 'react';
import { useParams } from 'react-router';
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN, PRICE_FILTER_STEP, SLIDER_MARKS } from '@zalik/contract';
import { Button, FixedBottomButton, Page, Section, Slider, Switch } from '../../../ui';
import type { PriceMode } from '../lib/filters';
import { readFilters, writeFilters } from '../lib/storage';
import styles from './pickers.module.css';
import { useBackToList } from './useBackToList';

/** `/list-task/{subjectID}/choose-price`: a price and whether it is the ceiling or the floor. */
export default function ChoosePriceScreen() {
  const { subjectID = '' } = useParams();
  const back = useBackToList(subjectID);
  const [stored] = useState(() => readFilters(subjectID));
  // Without a price filter the slider starts at the top: "up to 500" hides nothing yet.
  const [price, setPrice] = useState(stored.price > 0 ? stored.price : PRICE_FILTER_MAX);
  const [mode, setMode] = useState<PriceMode>(stored.mode);

  const save = (value: number) => {
    writeFilters(subjectID, { price: value, mode });
    back();
  };

  return (
    <Page title="Ціна">
      <Section footer="Порівнюємо з ціною, яку ви заплатите, — з урахуванням знижки.">
        <div className={styles.sliderBox}>
          <Slider
            value={price}
            onChange={setPrice}
            min={PRICE_FILTER_MIN}
            max={PRICE_FILTER_MAX}
            step={PRICE_FILTER_STEP}
            marks={SLIDER_MARKS}
            label={mode === 'le' ? 'Не дорожче за' : 'Не дешевше за'}
            format={(v) => `${v} грн`}
          />
        </div>
        <Switch
          checked={mode === 'ge'}
          onChange={(on) => setMode(on ? 'ge' : 'le')}
          label="Не дешевше за обрану ціну"
          subtitle={mode === 'ge' ? `Завдання від ${price} грн і дорожчі` : `Завдання до ${price} грн включно`}
        >
          Не дешевше за обрану ціну
        </Switch>
      </Section>
      {stored.price > 0 && (
        <div className={styles.resetRow}>
          <Button variant="plain" onClick={() => save(0)}>
            Будь-яка ціна
          </Button>
        </div>
      )}
      <FixedBottomButton onClick={() => save(price)}>Застосувати</FixedBottomButton>
    </Page>
  );
}
