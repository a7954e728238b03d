// What the builder offers per data source: the fields it may group by
// (dates by day, week or month), the numbers it may add up, and a few
// ready conditions written with the lists' filter terms.
import { allOf, enumIn, type FilterConfig, type FilterTerm } from '../../app/mapping/filters';
import type { Operation, Source } from './reportApi';

export const SOURCES: Source[] = ['Deal', 'Task', 'ContractorCompany', 'ContractorHuman', 'Invoice', 'Todo', 'FinOperation'];
export const OPERATIONS: Operation[] = ['count', 'sum', 'avg', 'min', 'max'];

export interface GroupField {
  name: string;
  date?: boolean;
}

export const GROUPS: Record<Source, GroupField[]> = {
  Deal: [{ name: 'manager' }, { name: 'state' }, { name: 'program' }, { name: 'contractor' }, { name: 'result' }, { name: 'timeCreated', date: true }],
  Task: [{ name: 'responsible' }, { name: 'owner' }, { name: 'status' }, { name: 'deadline', date: true }, { name: 'timeCreated', date: true }],
  ContractorCompany: [{ name: 'userCreated' }, { name: 'timeCreated', date: true }],
  ContractorHuman: [{ name: 'userCreated' }, { name: 'timeCreated', date: true }],
  Invoice: [{ name: 'status' }, { name: 'payer' }, { name: 'userCreated' }, { name: 'invoiceDate', date: true }, { name: 'deadline', date: true }],
  Todo: [{ name: 'responsible' }, { name: 'userCreated' }, { name: 'category' }, { name: 'timeCreated', date: true }, { name: 'timeFinished', date: true }],
  FinOperation: [{ name: 'kind' }, { name: 'realAccount' }, { name: 'type' }, { name: 'creator' }, { name: 'date', date: true }],
};

export const NUMBERS: Record<Source, string[]> = {
  Deal: ['price', 'cost'],
  Task: [],
  ContractorCompany: [],
  ContractorHuman: [],
  Invoice: ['sum'],
  Todo: [],
  FinOperation: ['sum', 'incomeSum', 'expenseSum'],
};

const text = (field: string, comparison: 'equals' | 'not_equals', value: string): FilterTerm => ({ contentType: 'FilterTermString', field, comparison, value });

export const CONDITIONS: Record<Source, Record<string, FilterConfig>> = {
  Deal: { won: allOf(text('result', 'equals', 'positive')), lost: allOf(text('result', 'equals', 'negative')), open: allOf(text('result', 'equals', 'active')) },
  Task: { done: allOf(enumIn('status', ['done', 'completed'])), open: allOf(enumIn('status', ['created', 'assigned', 'accepted', 'delayed'])) },
  ContractorCompany: {},
  ContractorHuman: {},
  Invoice: { paid: allOf(text('status', 'equals', 'paid')), unpaid: allOf(text('status', 'not_equals', 'paid')) },
  Todo: {},
  FinOperation: { income: allOf(text('kind', 'equals', 'income')), expense: allOf(text('kind', 'equals', 'expense')) },
};

/**
 * SAVED_FILTERS are where a source's list filters live (the lists' panels:
 * built-in and saved ones); the builder offers them as conditions, sent as
 * a link to the filter ({"contentType":"TaskFilter","id":…}).
 */
export const SAVED_FILTERS: Partial<Record<Source, { endpoint: string; contentType: string }>> = {
  Task: { endpoint: 'taskFilter', contentType: 'TaskFilter' },
  Deal: { endpoint: 'tradeFilter', contentType: 'TradeFilter' },
  ContractorCompany: { endpoint: 'crmFilter', contentType: 'CrmFilter' },
  ContractorHuman: { endpoint: 'crmFilter', contentType: 'CrmFilter' },
};
