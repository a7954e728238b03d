// Webhooks and automation rules (docs/integration.md), under
// /settings/integrations (spec 000).
import { useParams } from 'react-router';
import AppPage from './AppPage';
import AppsPage from './AppsPage';
import AutomationPage from './AutomationPage';
import AutomationsPage from './AutomationsPage';
import ErrorReportsPage from './ErrorReportsPage';
import FeaturesPage from './FeaturesPage';
import WebhookPage from './WebhookPage';
import WebhooksPage from './WebhooksPage';

export function WebhookListRoute() {
  return <WebhooksPage />;
}

export function WebhookRoute() {
  const { id } = useParams();
  return <WebhookPage key={id} id={id ?? ''} />;
}

export function AutomationListRoute() {
  return <AutomationsPage />;
}

export function AutomationRoute() {
  const { id } = useParams();
  const real = id && id !== 'new' ? id : null;
  return <AutomationPage key={real ?? 'new'} id={real} />;
}

export function FeatureListRoute() {
  return <FeaturesPage />;
}

export function ErrorReportsRoute() {
  return <ErrorReportsPage />;
}

export function AppListRoute() {
  return <AppsPage />;
}

export function AppRoute() {
  const { id } = useParams();
  return <AppPage key={id} id={id ?? ''} />;
}
