// Where each content type lives in the app: the area routes of spec 000 §2
// for the types that have one, and the generic /entity/{Type} routes for
// every other type of the catalogue.

export interface EntityLink {
  contentType: string;
  id: string;
}

const cardRoutes: Record<string, (id: string) => string> = {
  Task: (id) => `/task/${id}/card`,
  Project: (id) => `/project/${id}/card`,
  ContractorHuman: (id) => `/crm/${id}/card`,
  // People and companies are numbered separately here, so a company's
  // card says which type it is.
  ContractorCompany: (id) => `/crm/${id}/card?type=ContractorCompany`,
  Deal: (id) => `/deals/${id}/card`,
  Employee: (id) => `/staff/${id}/card`,
  Todo: (id) => `/event/${id}/card`,
  Doc: (id) => `/docs/${id}/card`,
  Offer: (id) => `/offers/${id}/card`,
  Consignment: (id) => `/consignments/${id}/card`,
  Warehouse: (id) => `/warehouse/${id}/card`,
  KnowledgeBase: (id) => `/knowledge/${id}`,
  // An article's address names its base, which a bare link does not
  // carry: this one finds the base and moves on (features/knowledge).
  KnowledgeArticle: (id) => `/knowledge/article/${id}`,
};

/** cardPath is the address of an entity's card. */
export function cardPath(link: EntityLink): string {
  const route = cardRoutes[link.contentType];
  return route ? route(link.id) : `/entity/${link.contentType}/${link.id}/card`;
}

/** listPath is the generic list of a type. */
export function listPath(contentType: string): string {
  return `/entity/${contentType}`;
}

/** addPath is the generic create form of a type. */
export function addPath(contentType: string): string {
  return `/entity/${contentType}/add`;
}
