// The call widget's open panel: the caller card (or "create a client"),
// hold, transfer, the DTMF pad, hang-up and, once the call ends, its
// result on the call's to-do. Loaded lazily by CallWidget.tsx.
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { cardPath } from '../../app/paths';
import { createClient, findPerson, saveResult, sendCommand, type CallerCard } from './callApi';
import { headingKey, phoneOf, type CallInfo } from './callState';

/** DTMF digits typed within this pause go out as one command (spec 001 §9). */
const DTMF_DEBOUNCE = 500;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

export default function CallPanel(props: { call: CallInfo; state: string; onClose: () => void; onFail: (err: unknown) => void }) {
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
