import { Writable } from 'node:stream';
import { createInProcessJobQueue } from '../jobs/in-process';
import { withLogContext } from '../logging/context';
import { createLogger } from '../logging/logger';
import { observeJobs } from './instrument';
import { registry } from './metrics';

describe('jobs as a process runs them', () => {
  it("carry the id of the request that enqueued them into their handler's log lines, not into their payload", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger('info', {}, stream);
    const jobs = observeJobs(createInProcessJobQueue({ logger }), logger);
    const seen: unknown[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    jobs.register<{ userId: string }>('example.greet', async (payload) => {
      seen.push(payload);
      logger.info('greeting');
      await released;
    });
    await jobs.start();
    await withLogContext({ requestId: 'req-7' }, () => jobs.enqueue('example.greet', { userId: 'u1' }));
    await jobs.enqueue('example.greet', { userId: 'u2' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // both running now: the gauge reads them
    expect(await registry.getSingleMetricAsString('aura_jobs_running')).toContain(
      'aura_jobs_running{kind="example.greet"} 2',
    );
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(seen).toEqual([{ userId: 'u1' }, { userId: 'u2' }]);
    const greetings = lines.filter((line) => line.msg === 'greeting');
    expect(greetings[0]).toMatchObject({ requestId: 'req-7', job: 'example.greet' });
    expect(greetings[1]).not.toHaveProperty('requestId');
    expect(lines.filter((line) => line.msg === 'job done')[0]).toMatchObject({
      requestId: 'req-7',
      job: 'example.greet',
      attempt: 1,
    });
    expect(await registry.getSingleMetricAsString('aura_job_duration_seconds')).toContain(
      'aura_job_duration_seconds_count{kind="example.greet",outcome="completed"} 2',
    );
    await jobs.close();
  });
});
