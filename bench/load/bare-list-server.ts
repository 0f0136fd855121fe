// W1's baseline server (its own process): a bare fastify route answering with the same page of
// students, from prepared statements of the very SQL the resource engine runs, with no
// authentication, validation, query builder or hooks. The gap to it is the engine's overhead.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { reportToParent } from '../processes/child-script';
import { preparedStudentsList, type StudentsListSql } from '../scale/students-list';

export interface BareListInput {
  databaseFile: string;
  /** The engine's statements for page 1 (read forwards) and the last page (backwards). */
  first: StudentsListSql;
  last: StudentsListSql;
}

async function serve(input: BareListInput): Promise<{ url: string }> {
  const database = new SQLite(input.databaseFile, { readonly: true });
  const page = preparedStudentsList(database, input.first, input.last);
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { page?: string } }>('/bare/students', async (request) => {
    const { data, totalCount } = page(Math.max(1, Number(request.query.page) || 1));
    return { status: 'ok', data, totalCount };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  return { url };
}

reportToParent(serve, { keepRunning: true });
