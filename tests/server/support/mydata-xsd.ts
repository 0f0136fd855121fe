import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

// Validates an InvoicesDoc against AADE's v2.0.1 schemas (tests/fixtures/mydata/xsd) with
// xmllint compiled to WebAssembly: the main schema and the files it imports, preloaded.

const folder = path.join(import.meta.dirname, '../../fixtures/mydata/xsd');
const file = (name: string) => ({
  fileName: name,
  contents: fs.readFileSync(path.join(folder, name), 'utf8'),
});

export async function invoicesDocErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [file('InvoicesDoc-v2.0.1.xsd')],
    preload: [
      file('SimpleTypes-v2.0.1.xsd'),
      file('incomeClassification-v2.0.1.xsd'),
      file('expensesClassification-v2.0.1.xsd'),
      file('TransportTypes-v2.0.1.xsd'),
      file('paymentMethods-v2.0.1.xsd'),
    ],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
