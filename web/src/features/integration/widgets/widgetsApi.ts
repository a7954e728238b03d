// The enabled apps' widgets (GET /integrationWidget), read once per page
// load for every placeholder and kept: a card asks for its placeholder
// without a call of its own. Installing or switching an app forgets them.
import { api } from '../../../data/api';
import type { WidgetInfo } from './bridge';

interface ApiWidget {
  uuid: string;
  placeholder: string;
  url: string;
  name: string;
  appName?: string;
  application?: { id: string; scope: string[]; settings: Record<string, string> | null };
}

export interface PlacedWidget extends WidgetInfo {
  placeholder: string;
  appId: string;
}

let all: Promise<PlacedWidget[]> | null = null;

function load(): Promise<PlacedWidget[]> {
  all ??= api.get<ApiWidget[]>('integrationWidget').then(
    (r) =>
      r.data.map((w) => ({
        uuid: w.uuid,
        placeholder: w.placeholder,
        url: w.url,
        name: w.name,
        appName: w.appName ?? '',
        appId: w.application?.id ?? '',
        scope: w.application?.scope ?? [],
        settings: w.application?.settings ?? {},
      })),
    // A failed read shows no widgets, and is tried again next time.
    () => {
      all = null;
      return [];
    },
  );
  return all;
}

/** widgetsAt answers the widgets at a placeholder (of one app when given). */
export async function widgetsAt(placeholder: string, appId?: string): Promise<PlacedWidget[]> {
  return (await load()).filter((w) => w.placeholder === placeholder && (!appId || w.appId === appId));
}

/** forgetWidgets drops the kept list (after an app changed). */
export function forgetWidgets() {
  all = null;
}
