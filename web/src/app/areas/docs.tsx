// Documents (spec 000 §2 Documents): the type of /docs/list/{type} or
// ?type= filters the list; a revision opens that version's card.
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { docFilter, docFilterId, docTypes, type DocFilterId } from '../mapping/queryFilters';
import { List } from './generic';

export function DocListRoute() {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const fromPath = rest.split('/')[0];
  const type = (docTypes as readonly string[]).includes(fromPath) ? (fromPath as DocFilterId) : docFilterId(search);
  const titles: Record<DocFilterId, string> = {
    text: t('shell.docs.text'),
    impress: t('shell.docs.impress'),
    pdf: t('shell.docs.pdf'),
    table: t('shell.docs.table'),
    image: t('shell.docs.image'),
    others: t('shell.docs.others'),
  };
  return <List contentType="Doc" filter={docFilter(type)} title={type ? titles[type] : undefined} />;
}
