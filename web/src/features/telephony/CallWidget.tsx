// The call widget (spec 000 §2, 001 §4.1): it hears the user's call
// messages in every tab, opens by itself in the main tab only, plays the
// spec's sounds there, and shows the caller card, hold, transfer, the
// DTMF pad and hang-up. A click on any [data-phone] element calls.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ActionIcon, Affix, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhone, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isMainTab, onRealtimeEvent, useLiveRoutes } from '../../data/realtime';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { useSession } from '../../app/session';
import { createClient, currentOptions, findPerson, initCall, saveResult, sendCommand, statusOf, type CallerCard } from './callApi';
import { initialWidget, phoneOf, reduceWidget, soundOf, type CallInfo } from './callState';
import { playTone } from './tones';

/** DTMF digits typed within this pause go out as one command (spec 001 §9). */
const DTMF_DEBOUNCE = 500;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** headingKey is the widget's title: the call's direction while it rings, its state, or its result. */
function headingKey(state: string, call: CallInfo): string {
  if (state === 'calling') return call.direction === 'out' ? 'telephony.state.outgoing' : 'telephony.state.incoming';
  if (state === 'talking') return 'telephony.state.talking';
  if (state === 'hold') return 'telephony.state.hold';
  if (call.type === 'miss') return 'telephony.result.miss';
  if (call.type === 'fail') return 'telephony.result.fail';
  return 'telephony.result.finished';
}

/** CallWidget is for employees: a client with guest access has no calls. */
export function CallWidget() {
  const user = useSession().currentUser;
  return user.contentType === 'Employee' ? <EmployeeCallWidget id={String(user.id)} /> : null;
}

function EmployeeCallWidget({ id }: { id: string }) {
  const { t } = useTranslation();
  const route = `bums.call.user:${id}`;
  const [w, dispatch] = useReducer(reduceWidget, initialWidget);
  useLiveRoutes([route]);

  useEffect(
    () =>
      onRealtimeEvent((m) => {
        if (m.event !== route) return;
        const msg = m.message as { command?: string; callInfo?: CallInfo };
        if (!msg?.command || !msg.callInfo) return;
        const main = isMainTab();
        dispatch({ kind: 'push', command: msg.command, callInfo: msg.callInfo, main });
        const sound = soundOf(msg.command);
        if (main && sound) playTone(sound);
      }),
    [route],
  );

  const failed = useCallback((err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }), [t]);

  // Spec 000 §2: a click on an element with a phone data attribute
  // calls; spec 001 §5: only with a phone and the user online, else a
  // warning. The status is read at the click: another tab may change it.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest?.('[data-phone]');
      const phone = el?.getAttribute('data-phone');
      if (!phone) return;
      e.preventDefault();
      currentOptions()
        .then((o) => {
          if (!o.enabled || statusOf(o) !== 'online') {
            notifications.show({ color: 'yellow', message: t('telephony.notReady') });
            return;
          }
          dispatch({ kind: 'open' });
          return initCall(phone);
        })
        .catch(failed);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [failed, t]);

  if (w.state === 'idle' || !w.call) return null;
  if (!w.opened) {
    return (
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button leftSection={<IconPhone size={16} />} data-testid="call-widget-badge" onClick={() => dispatch({ kind: 'open' })}>
          {t(headingKey(w.state, w.call))}
        </Button>
      </Affix>
    );
  }
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <CallPanel call={w.call} state={w.state} onClose={() => dispatch({ kind: 'close' })} onFail={failed} />
    </Affix>
  );
}

function CallPanel(props: { call: CallInfo; state: string; onClose: () => void; onFail: (err: unknown) => void }) {
  const { call, state, onClose, onFail } = props;
  const { t } = useTranslation();
  const phone = phoneOf(call);
  const [card, setCard] = useState<CallerCard>();
  const [transferTo, setTransferTo] = useState('');
  const [digits, setDigits] = useState('');
  const [result, setResult] = useState('');
  const [resultSaved, setResultSaved] = useState(false);
  const navigate = useNavigate();
  const pending = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let live = true;
    findPerson(phone).then((c) => live && setCard(c)).catch(() => live && setCard(undefined));
    return () => {
      live = false;
    };
  }, [phone]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const command = (name: string, extra: { phone?: string; arg?: string } = {}) => {
    sendCommand(call.providerId, name, extra).catch(onFail);
  };
  const press = (d: string) => {
    setDigits((s) => s + d);
    pending.current += d;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const arg = pending.current;
      pending.current = '';
      if (arg) command('dtmf', { arg });
    }, DTMF_DEBOUNCE);
  };
  const live = state === 'calling' || state === 'talking' || state === 'hold';

  return (
    <Paper shadow="lg" p="md" w={320} withBorder data-testid="call-widget" data-state={state}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} data-testid="call-widget-heading">{t(headingKey(state, call))}</Text>
          <ActionIcon variant="subtle" onClick={onClose} aria-label={t('telephony.close')}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
        <Text size="lg">{phone}</Text>
        <div data-testid="call-widget-caller">
          {card?.person ? (
            <Stack gap={2}>
              <Anchor component={Link} to={cardPath(card.person)} fw={600}>{card.person.name}</Anchor>
              {card.deals.map((d) => (
                <Anchor key={d.id} component={Link} to={cardPath(d)} size="sm">{t('telephony.card.deal', { name: d.name })}</Anchor>
              ))}
              {card.tasks.map((d) => (
                <Anchor key={d.id} component={Link} to={cardPath(d)} size="sm">{t('telephony.card.task', { name: d.name })}</Anchor>
              ))}
            </Stack>
          ) : card ? (
            <Button
              size="xs"
              variant="light"
              data-testid="call-widget-create-client"
              onClick={() =>
                createClient(t('telephony.card.newClient'), phone)
                  .then((link) => {
                    setCard({ ...card, person: { ...link, name: t('telephony.card.newClient') } });
                    void navigate(cardPath(link));
                  })
                  .catch(onFail)
              }
            >
              {t('telephony.card.createClient')}
            </Button>
          ) : null}
        </div>
        {state === 'finished' && call.todo && (
          <>
            <Anchor component={Link} to={cardPath(call.todo)} size="sm" data-testid="call-widget-todo">{t('telephony.todo')}</Anchor>
            {resultSaved ? (
              <Text size="sm" c="dimmed">{t('telephony.resultSaved')}</Text>
            ) : (
              <>
                <Textarea size="xs" placeholder={t('telephony.resultPlaceholder')} value={result} onChange={(e) => setResult(e.currentTarget.value)} />
                <Button size="xs" variant="light" disabled={!result.trim()}
                  onClick={() => saveResult(call.providerId, result).then(() => setResultSaved(true)).catch(onFail)}>
                  {t('telephony.saveResult')}
                </Button>
              </>
            )}
          </>
        )}
        {(state === 'talking' || state === 'hold') && (
          <>
            <SimpleGrid cols={3} spacing={4} data-testid="call-widget-dtmf">
              {DIGITS.map((d) => (
                <Button key={d} variant="default" size="xs" onClick={() => press(d)}>{d}</Button>
              ))}
            </SimpleGrid>
            {digits && <Text size="xs" c="dimmed">{digits}</Text>}
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => command(state === 'hold' ? 'unhold' : 'hold')} data-testid="call-widget-hold">
                {t(state === 'hold' ? 'telephony.unhold' : 'telephony.hold')}
              </Button>
              <TextInput size="xs" w={110} placeholder={t('telephony.transferTo')} value={transferTo} onChange={(e) => setTransferTo(e.currentTarget.value)} />
              <Button size="xs" variant="light" disabled={!transferTo} onClick={() => command('transfer', { phone: transferTo })}>
                {t('telephony.transfer')}
              </Button>
            </Group>
          </>
        )}
        {live && (
          <Button color="red" onClick={() => command('hangup')} data-testid="call-widget-hangup">{t('telephony.hangup')}</Button>
        )}
      </Stack>
    </Paper>
  );
}
