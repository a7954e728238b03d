// Generic routes for every catalogue type: /entity/{Type}, /entity/{Type}/add,
// /entity/{Type}/{id}/card and /entity/{Type}/{id}/edit.
import { useCatalog } from '../../data/catalog';
import { useParams } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Card, Form, List } from './generic';

export function EntityRoute({ view }: { view: 'list' | 'card' | 'add' | 'edit' }) {
  const { type = '', id } = useParams();
  const { catalog } = useCatalog();
  if (catalog && !catalog.byName(type)) return <NotFoundPage />;
  if (view === 'card' && id) return <Card contentType={type} id={id} />;
  if (view === 'edit' && id) return <Form contentType={type} id={id} />;
  if (view === 'add') return <Form contentType={type} />;
  return <List contentType={type} />;
}
