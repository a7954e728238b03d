// How a day or an instant is typed (spec 000 §5: DD.MM.YYYY [HH:mm], dots
// or dashes): the props every date input of the field kinds shares.
import dayjs from 'dayjs';
import { dayParser } from './dateOnly/convert';
import { timeParser } from './dateTime/convert';

export function dayInputProps() {
  return { locale: dayjs.locale(), valueFormat: 'DD.MM.YYYY', dateParser: dayParser };
}

export function timeInputProps() {
  return { locale: dayjs.locale(), withTime: true, valueFormat: 'DD.MM.YYYY HH:mm', dateParser: timeParser };
}
