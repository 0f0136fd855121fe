/** English of finance's identifier keys: the choices of its declared fields. */
export const financeEnglish: Record<string, string> = {
  once: 'One-off',
  monthly: 'Monthly',
  installments: 'Installments',
  cash: 'Cash desk',
  bank: 'Bank account',
  card: 'Card terminal',
  vat_1: '24%',
  vat_2: '13%',
  vat_3: '6%',
  vat_4: '17%',
  vat_5: '9%',
  vat_6: '4%',
  vat_7: '0% (without VAT)',
  vat_8: 'No VAT (records without VAT)',
  vat_9: '3%',
  vat_10: '4% (reduced islands)',
};
