import type { FastifyReply } from 'fastify';
import writeXlsxFile from 'write-excel-file/node';
import { toCsv } from './csv';

export type Cell = string | number | boolean | null | undefined;

/** Sends rows as a CSV or XLSX download named `<name>.<format>`. */
export async function sendSpreadsheet(
  reply: FastifyReply,
  file: { name: string; format: string | undefined; header: string[]; rows: Cell[][] },
): Promise<FastifyReply> {
  if (file.format === 'xlsx') {
    const sheet = [
      file.header.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...file.rows.map((row) =>
        row.map((value) => (value === null || value === undefined ? null : { value })),
      ),
    ];
    const buffer = await writeXlsxFile(sheet).toBuffer();
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${file.name}.xlsx"`)
      .send(buffer);
  }
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.name}.csv"`)
    .send(toCsv([file.header, ...file.rows]));
}
