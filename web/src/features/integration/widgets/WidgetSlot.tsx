// A placeholder of the spec (docs/integration.md, "Widgets"): the enabled
// apps' widgets placed there, each in an iframe sandboxed to scripts only
// — no allow-same-origin, so it can touch neither this page, its cookies
// nor its storage — talking to the card through bridge.ts.
import { Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cardPath } from '../../../app/paths';
import { handleMessage, widgetSrc, type Host } from './bridge';
import { widgetsAt, type PlacedWidget } from './widgetsApi';

interface Props {
  placeholder: string;
  entity?: Record<string, unknown> | null;
  appId?: string;
}

export function WidgetSlot({ placeholder, entity = null, appId }: Props) {
  const [widgets, setWidgets] = useState<PlacedWidget[]>([]);
  useEffect(() => {
    let live = true;
    void widgetsAt(placeholder, appId).then((ws) => live && setWidgets(ws));
    return () => {
      live = false;
    };
  }, [placeholder, appId]);
  if (widgets.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="widget-slot" data-placeholder={placeholder}>
      {widgets.map((w) => (
        <WidgetFrame key={w.uuid} widget={w} placeholder={placeholder} entity={entity} />
      ))}
    </Stack>
  );
}

function WidgetFrame({ widget, placeholder, entity }: { widget: PlacedWidget; placeholder: string; entity: Record<string, unknown> | null }) {
  const navigate = useNavigate();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  // The listener reads the card as it is now without subscribing anew.
  const current = useRef(entity);
  current.current = entity;
  useEffect(() => {
    const host: Host = {
      placeholder,
      get entity() {
        return current.current;
      },
      openCard: (link) => void navigate(cardPath(link)),
      notice: (text) => notifications.show({ title: widget.appName, message: text }),
      resize: setHeight,
    };
    const onMessage = (ev: MessageEvent) => {
      const win = frame.current?.contentWindow ?? null;
      const reply = handleMessage(ev, win, widget, host);
      // To the widget's own window only; its origin is opaque, hence '*'.
      if (reply && win) win.postMessage(reply, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [widget, placeholder, navigate]);
  return (
    <Paper withBorder p={4}>
      <Text size="xs" c="dimmed" px={4}>
        {widget.appName}
        {widget.name && widget.name !== widget.appName ? ` · ${widget.name}` : ''}
      </Text>
      <iframe
        ref={frame}
        src={widgetSrc(widget)}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        title={widget.name || widget.appName}
        style={{ border: 0, width: '100%', height, display: 'block' }}
        data-testid="integration-widget"
        data-uuid={widget.uuid}
      />
    </Paper>
  );
}
