// The stock area (spec 000 §2: /consignments, /warehouse, /offers): the
// pages the route table opens. /consignments/add[?deal=] is the add form.
import { useLocation, useParams } from 'react-router';
import ConsignmentCardPage from './ConsignmentCardPage';
import ConsignmentListPage from './ConsignmentListPage';
import OfferCardPage from './OfferCardPage';
import OfferListPage from './OfferListPage';
import PriceListsPage from './PriceListsPage';
import WarehouseCardPage from './WarehouseCardPage';
import WarehouseListPage from './WarehouseListPage';

/** /consignments: the consignment list. */
export function ConsignmentListRoute() {
  return <ConsignmentListPage />;
}

/** /consignments/{id}/card: a consignment. */
export function ConsignmentCardRoute() {
  const { id } = useParams();
  return id ? <ConsignmentCardPage key={id} id={id} /> : null;
}

/** /consignments/add[?deal={dealId}]: a new consignment, the deal's positions as rows when one is named. */
export function ConsignmentAddRoute() {
  const deal = new URLSearchParams(useLocation().search).get('deal') ?? undefined;
  return <ConsignmentCardPage key={deal ?? 'new'} dealId={deal && /^\d+$/.test(deal) ? deal : undefined} />;
}

/** /warehouse: the warehouses. */
export function WarehouseListRoute() {
  return <WarehouseListPage />;
}

/** /warehouse/{id}/card: a warehouse's balances. */
export function WarehouseCardRoute() {
  const { id } = useParams();
  return id ? <WarehouseCardPage key={id} id={id} /> : null;
}

/** /offers: the catalogue. */
export function OfferListRoute() {
  return <OfferListPage />;
}

/** /offers/{id}/card: an offer with its images, price and balances. */
export function OfferCardRoute() {
  const { id } = useParams();
  return id ? <OfferCardPage key={id} id={id} /> : null;
}

/** /priceLists: the account's price lists. */
export function PriceListsRoute() {
  return <PriceListsPage />;
}
