// The to-do menu icon: a clock whose hands show the current time.
import { useEffect, useState } from 'react';

/** handAngles gives the hour and minute hand angles in degrees (0 = twelve o'clock). */
export function handAngles(now: Date): { hour: number; minute: number } {
  const minutes = now.getMinutes() + now.getSeconds() / 60;
  return { hour: ((now.getHours() % 12) + minutes / 60) * 30, minute: minutes * 6 };
}

/** useNow re-renders every period ms with the current time. */
export function useNow(period: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), period);
    return () => clearInterval(id);
  }, [period]);
  return now;
}

export function ClockIcon({ size = 20 }: { size?: number }) {
  const { hour, minute } = handAngles(useNow(15_000));
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden data-testid="clock-icon">
      <circle cx="12" cy="12" r="9" />
      <line x1="12" y1="12" x2="12" y2="7.5" transform={`rotate(${hour} 12 12)`} data-hand="hour" />
      <line x1="12" y1="12" x2="12" y2="5" strokeWidth={1.5} transform={`rotate(${minute} 12 12)`} data-hand="minute" />
    </svg>
  );
}
