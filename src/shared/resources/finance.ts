import {
  booleanField,
  dateField,
  emailField,
  integerField,
  longTextField,
  moneyField,
  phoneField,
  referenceField,
  selectField,
  textField,
} from './fields';
import { defineResource } from './types';

// The simple records of finance, declared for the engine (docs/finance.md): suppliers, funds
// and pricing items. What they do (charges, payments, the ledger) is hand-written in
// server/areas/finance; a fund's balance is never stored, it is the sum of its transactions.

const name = textField('name', 'Name', {
  required: true,
  list: true,
  searchable: true,
  sortable: true,
  unique: true,
});

export const suppliers = defineResource({
  name: 'suppliers',
  table: 'suppliers',
  title: 'Suppliers',
  singular: 'Supplier',
  permission: 'suppliers',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    textField('vat_number', 'VAT number', { list: true, searchable: true, max: 20 }),
    textField('tax_office', 'Tax office', { max: 100 }),
    emailField('email', 'Email', { list: true }),
    phoneField('phone', 'Phone'),
    textField('address', 'Address', { max: 200 }),
    textField('city', 'City', { list: true, sortable: true, max: 100 }),
    longTextField('notes', 'Notes'),
  ],
  form: [
    ['name'],
    ['vat_number', 'tax_office'],
    ['email', 'phone'],
    ['address', 'city'],
    ['notes'],
  ],
});

export const FUND_KINDS = ['cash', 'bank', 'card'] as const;

export const funds = defineResource({
  name: 'funds',
  table: 'funds',
  title: 'Funds',
  singular: 'Fund',
  permission: 'funds',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    selectField('kind', 'Kind', FUND_KINDS, {
      required: true,
      list: true,
      filterable: true,
      sortable: true,
    }),
    textField('iban', 'IBAN', { max: 34 }),
    booleanField('active', 'Active', { list: true, filterable: true }),
    longTextField('notes', 'Notes'),
  ],
  form: [['name', 'kind'], ['iban'], ['active'], ['notes']],
});

export const PRICING_SCHEDULES = ['once', 'monthly', 'installments'] as const;
/** myDATA's VAT categories 1–10 as choices (shared/finance/vat.ts has their rates). */
export const VAT_CATEGORY_CHOICES = [
  'vat_1',
  'vat_2',
  'vat_3',
  'vat_4',
  'vat_5',
  'vat_6',
  'vat_7',
  'vat_8',
  'vat_9',
  'vat_10',
] as const;

export const pricingItems = defineResource({
  name: 'pricing_items',
  table: 'pricing_items',
  title: 'Pricing items',
  singular: 'Pricing item',
  permission: 'pricing_items',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    moneyField('amount_cents', 'Amount', { required: true, list: true, sortable: true }),
    selectField('schedule', 'Schedule', PRICING_SCHEDULES, {
      required: true,
      list: true,
      filterable: true,
    }),
    dateField('start_date', 'First due date', { required: true, list: true, sortable: true }),
    dateField('end_date', 'Last month'),
    integerField('installments', 'Installments', { max: 48 }),
    selectField('vat_category', 'VAT category', VAT_CATEGORY_CHOICES, {
      required: true,
      filterable: true,
    }),
    integerField('vat_exemption', 'VAT exemption reason', { max: 31 }),
    referenceField('course_id', 'Course', 'courses', { list: true, filterable: true }),
    referenceField('level_id', 'Level', 'levels', { filterable: true }),
    referenceField('lesson_id', 'Lesson', 'lessons', { filterable: true }),
    booleanField('active', 'Active', { list: true, filterable: true }),
    longTextField('description', 'Description'),
  ],
  form: [
    ['name', 'amount_cents'],
    ['schedule', 'start_date'],
    ['end_date', 'installments'],
    ['vat_category', 'vat_exemption'],
    ['course_id', 'level_id', 'lesson_id'],
    ['active'],
    ['description'],
  ],
});
