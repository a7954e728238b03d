// Date text entry (spec 000 §5): what a user may type into a date field.
// Dots or dashes separate day, month and year ("31.12.2026", "31-12-26",
// "31.12"); a year written first ("2026-12-31") is reordered; a time
// "HH:mm" or "HH:mm:ss" may follow after a space.

export interface ParsedDate {
  /** The moment in the browser's zone (midnight when no time was typed). */
  date: Date;
  hasTime: boolean;
}

const DATE = /^(\d{1,4})[.-](\d{1,2})(?:[.-](\d{1,4}))?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function fullYear(text: string | undefined, now: Date): number | null {
  if (text === undefined) return now.getFullYear();
  if (text.length === 2) return Math.floor(now.getFullYear() / 100) * 100 + Number(text);
  if (text.length === 4) return Number(text);
  return null;
}

/** parseDateText reads typed text, or gives null when it is not a valid date. */
export function parseDateText(text: string, now: Date = new Date()): ParsedDate | null {
  const [datePart, timePart, ...rest] = text.trim().split(/\s+/);
  if (!datePart || rest.length > 0) return null;
  const m = DATE.exec(datePart);
  if (!m) return null;
  let [dayText, monthText, yearText] = [m[1], m[2], m[3]];
  if (dayText.length === 4) {
    // Year first: YYYY-MM-DD.
    if (yearText === undefined || yearText.length > 2) return null;
    [dayText, yearText] = [yearText, dayText];
  } else if (dayText.length > 2) {
    return null;
  }
  const day = Number(dayText);
  const month = Number(monthText);
  const year = fullYear(yearText, now);
  if (year === null || day < 1 || day > 31 || month < 1 || month > 12) return null;

  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  if (timePart !== undefined) {
    const tm = TIME.exec(timePart);
    if (!tm) return null;
    [hours, minutes, seconds] = [Number(tm[1]), Number(tm[2]), Number(tm[3] ?? 0)];
    if (hours > 23 || minutes > 59 || seconds > 59) return null;
  }
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // Day 31 of a 30-day month would roll into the next month: not what was typed.
  date.setFullYear(year);
  if (date.getDate() !== day || date.getMonth() !== month - 1) return null;
  return { date, hasTime: timePart !== undefined };
}

const HALF_HOUR = 30 * 60 * 1000;

/** widenInterval gives a zero-length time interval 30 minutes (spec 000 §5). */
export function widenInterval(from: Date, to: Date): { from: Date; to: Date } {
  if (to.getTime() === from.getTime()) return { from, to: new Date(from.getTime() + HALF_HOUR) };
  return { from, to };
}
