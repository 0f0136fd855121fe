import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../support/built-server';
import { apiClient } from '../support/client';

/**
 * better-sqlite3 before 13 finalised prepared statements from V8's idle garbage collection,
 * where Node ≥ 24.19 has no current environment: the process aborted (SIGABRT) at a random
 * moment after writes. This drives the production bundle the way a school does (bursts of
 * writes, then quiet) with a small young generation so that collections run often, and checks
 * that the process is still there and answering.
 */
describe('the production server under writes with frequent garbage collection', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ nodeArgs: ['--expose-gc', '--max-semi-space-size=1'] });
  });
  afterAll(async () => {
    await server?.cleanUp();
  });

  it('stays up through bursts of writes separated by idle gaps', async () => {
    const api = apiClient(server.url);
    const token = await api.login('admin@demo.school');
    const schools = (await api.get<any[]>('/account/schools', token)).body.data;
    const schoolId = schools.find((entry) => entry.role === 'admin')!.school_id;
    // Distinct statements (each burst writes other columns, with a search in between) push
    // statements out of the server's prepared-statement cache, so that the collector finalises
    // them; the gaps give V8 idle time to do it.
    for (let burst = 0; burst < 12; burst++) {
      const writes = Array.from({ length: 40 }, (_, index) =>
        api.post(
          `/schools/${schoolId}/admin/levels`,
          { name: `GC level ${burst}-${index}`, sort_order: index, description: `burst ${burst}` },
          token,
        ),
      );
      const answers = await Promise.all(writes);
      expect(answers.map((answer) => answer.status)).toEqual(writes.map(() => 200));
      await api.get(`/schools/${schoolId}/admin/levels?search=GC%20level%20${burst}`, token);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status, server.output().slice(-2000)).toBe(200);
    const listed = await api.get(`/schools/${schoolId}/admin/levels?search=GC%20level`, token);
    expect(listed.body.totalCount).toBe(12 * 40);
  });
});
