import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of this thread (the API's, in the benchmarks that run it in-process), from now
 * until `stop`, written as a `.cpuprofile` file (Chrome's DevTools opens it).
 */
export async function startProfile(): Promise<{ stop(file: string): Promise<string> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}
