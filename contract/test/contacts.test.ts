import { describe, expect, it } from 'vitest';
import { CONTACT_MASK, hasContacts, maskContacts } from '../src/contacts.js';

const M = CONTACT_MASK;

/** [what a user typed, what the thread stores]: the rule's table, read by the server and the web alike. */
const MASKED: [string, string][] = [
  // phone numbers: Ukrainian and international, spaces, dashes, brackets inside
  ['Мій номер 0671234567', `Мій номер ${M}`],
  ['Дзвоніть +380671234567!', `Дзвоніть ${M}!`],
  ['тел. +38 (067) 123-45-67, після 18:00', `тел. ${M}, після 18:00`],
  ['067-123-45-67', M],
  ['0 6 7 1 2 3 4 5 6 7', M],
  ['(067)123 45 67 або 050 765 43 21', `${M} або ${M}`],
  // lookalike characters inside numbers: a Cyrillic О for 0, З for 3, fullwidth digits
  ['+38 О67 12З 45 67', M],
  ['номер ０６７１２３４５６７', `номер ${M}`],
  // card numbers and IBANs
  ['Карта 4441 1144 1234 5678', `Карта ${M}`],
  ['скиньте на 4441-1144-1234-5678 monobank', `скиньте на ${M} monobank`],
  ['UA21 3223 1300 0002 6007 2335 6600 1', `UA${M}`],
  // e-mails, also spelled out and with Cyrillic letters posing as Latin
  ['пишіть на ivan.petrenko@gmail.com', `пишіть на ${M}`],
  ['ivan @ gmail . com', M],
  ['ivan (собака) gmail крапка com', M],
  ['ivan[at]ukr[dot]net ок?', `${M} ок?`],
  ['ivan at gmail dot com', M],
  ['іvаn@gmаіl.соm', M],
  // @usernames, Latin or with lookalikes
  ['мій тг @ivan_petrenko', `мій тг ${M}`],
  ['@іvаn_реtrеnkо', M],
  ['Інста: @ ivan.codes', `Інста: ${M}`],
  // t.me and other links, Latin and Ukrainian spellings, spaces inside
  ['t.me/ivan_petrenko', M],
  ['https://t.me/+AbCdEf123', M],
  ['т.ме/ivan', M],
  ['т . ме / ivan', M],
  ['telegram.me/ivan', M],
  ['пиши в t(.)me/ivan', `пиши в ${M}`],
  ['дивіться https://example.org/page?id=1 там усе', `дивіться ${M} там усе`],
  ['www.instagram.com/ivan', M],
  ['instagram.com/ivan.codes', M],
  ['мій сайт ivan-dev.com.ua', `мій сайт ${M}`],
  ['wa.me/380671234567', M],
  ['google dot com', M],
  ['tg://resolve?domain=ivan', M],
  // styled and hidden characters
  ['𝐭.𝐦𝐞/ivan', M],
  ['t\u200b.\u200bme/ivan', M],
  ['ｔ．ｍｅ／ivan', M],
];

/** Texts a student and a developer really write: nothing to mask. */
const KEPT = [
  'Добрий день! Мій варіант 12-б, група КН-21.',
  'Здам до 15.05.2024, захист 20.05.2024 о 10:00-12:00.',
  'У завданні 3 потрібно 4 таблиці та 2 графіки.',
  'Оплатив 1 500 грн, дякую.',
  'о 10 і 12 з 14 години я на парах',
  'Файл звіт.docx і main.py додав, дивіться script.sh',
  'Т.к. формула інша, і т.д. Див. ст. 5.',
  'Курсова.Розділ 2: висновки',
  'Зустрінемось @ 10:00',
  'Задача на 2 3 4 5 кроки',
  'Відповідь: x = 3.14, y = 2.71',
  'Роботу прийнято, дякую! 5 зірок 🌟',
];

describe('maskContacts', () => {
  it.each(MASKED)('masks %j', (input, stored) => {
    expect(maskContacts(input)).toEqual({ text: stored, masked: true });
    expect(hasContacts(input)).toBe(true);
  });

  it.each(KEPT)('keeps %j as it is', (input) => {
    expect(maskContacts(input)).toEqual({ text: input, masked: false });
    expect(hasContacts(input)).toBe(false);
  });

  it('masks every contact of a longer message and keeps the rest', () => {
    const text = 'Варіант 7. Якщо що — 0671234567 або ivan@ukr.net, ще є t.me/ivan. Дякую!';
    expect(maskContacts(text).text).toBe(`Варіант 7. Якщо що — ${M} або ${M}, ще є ${M}. Дякую!`);
  });

  it('reads a message of 4000 characters of anything (each pattern has bounded repeats)', () => {
    expect(maskContacts('a'.repeat(4000)).masked).toBe(false);
    expect(maskContacts('ivan@'.repeat(800)).masked).toBe(true);
    expect(maskContacts('a.'.repeat(2000)).masked).toBe(false);
    expect(maskContacts('1 '.repeat(2000)).masked).toBe(true);
    expect(maskContacts('о1'.repeat(2000)).masked).toBe(true);
  });
});
