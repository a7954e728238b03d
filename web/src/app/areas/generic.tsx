// The generic screens of features/entity (list, card, create form), loaded
// on demand, and route elements that feed them from the address.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { savedFilter, type ListFilter } from '../mapping/filters';
import { LoadingScreen } from '../pages/LoadingScreen';

const EntityListPage = lazy(() => import('../../features/entity/EntityListPage'));
const EntityCardPage = lazy(() => import('../../features/entity/EntityCardPage'));
const EntityFormPage = lazy(() => import('../../features/entity/EntityFormPage'));

export function List({ contentType, filter, title }: { contentType: string; filter?: ListFilter; title?: string }) {
  return (
    <Suspense fallback={<LoadingScreen inline />}>
      <EntityListPage key={`${contentType}:${JSON.stringify(filter ?? null)}`} contentType={contentType} filter={filter} title={title} />
    </Suspense>
  );
}

export function Card({ contentType, id }: { contentType: string; id: string }) {
  return (
    <Suspense fallback={<LoadingScreen inline />}>
      <EntityCardPage key={`${contentType}:${id}`} contentType={contentType} id={id} />
    </Suspense>
  );
}

export function Form({ contentType, id }: { contentType: string; id?: string }) {
  return (
    <Suspense fallback={<LoadingScreen inline />}>
      <EntityFormPage key={`${contentType}:${id ?? 'new'}`} contentType={contentType} id={id} />
    </Suspense>
  );
}

/** ListRoute: a list of one type; a numeric :filterId applies that saved filter of filterType. */
export function ListRoute({ contentType, filterType, title }: { contentType: string; filterType?: string; title?: string }) {
  const { filterId } = useParams();
  const filter = filterType ? savedFilter(filterType, filterId) : undefined;
  return <List contentType={contentType} filter={filter} title={title} />;
}

/** CardRoute: the card of one type, the id taken from the route parameter param. */
export function CardRoute({ contentType, param = 'id' }: { contentType: string; param?: string }) {
  const id = useParams()[param];
  return id ? <Card contentType={contentType} id={id} /> : null;
}

/** FormRoute: the edit form of :id, or the create form when the address has none. */
export function FormRoute({ contentType, param = 'id' }: { contentType: string; param?: string }) {
  const id = useParams()[param];
  return <Form contentType={contentType} id={id && /^\d+$/.test(id) ? id : undefined} />;
}
