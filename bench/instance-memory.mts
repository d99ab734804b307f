// One instance's memory under load (issue 43 item 3, docs/deploy.md "Memory"): the deploy/
// topology, and one of its instances asked directly, without the proxy's cache in front, for every
// host's landing page in every language (887) in turn by 20 connections for 3 minutes; its resident
// memory (VmRSS) read every second, and 30 s after the load, against the Kubernetes limit
// (deploy/instanceMemory.ts; goal: under 70 %), and its CPU time per request; before that, its CPU
// time per render, over the pages of 10 hosts regenerated on demand through it. Side by side: the
// instance as deployed (V8's old space capped at half the limit) and with V8's own heap size.
// Usage: npm run build && npm run bench:instance-memory [-- --seconds 180 --try "--max-old-space-size=448"]
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { join } from 'node:path';
import { deployPorts, instancePids, revalidateSecret, start, stop } from '../deploy/local';
import { askLoopback } from '../deploy/loopback';
import { DOMAIN_ENTRIES } from '../src/tenancy/tenantMap';
import { INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from '../deploy/instanceMemory';
import { LANDING_PAGES } from './site.mts';

const option = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const SECONDS = Number(option('seconds', '180'));
const AFTER_S = 30;
const RENDERED_HOSTS = 10;
const RUN_DIR = join(import.meta.dirname, '..', 'deploy', '.run');
const [port] = deployPorts().instances as [number];

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
/** The process's CPU time so far, in ms (utime + stime, in clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function measure(nodeOptions: string) {
  await start({ NODE_OPTIONS: nodeOptions });
  try {
    const pid = instancePids()[port]!;
    const idle = rssMiB(pid);
    // Renders: each host's pages regenerated at once through this instance (on-demand revalidation).
    const renderCpuBefore = cpuMs(pid);
    let rendered = 0;
    for (const { domain } of DOMAIN_ENTRIES.slice(0, RENDERED_HOSTS)) {
      const answer = await askLoopback(`http://127.0.0.1:${port}/api/revalidate`, {
        method: 'POST',
        headers: {
          host: `localhost:${port}`,
          'x-revalidate-secret': revalidateSecret(RUN_DIR, undefined),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ host: domain }),
      });
      rendered += (JSON.parse(answer.body.toString()) as { revalidated?: string[] }).revalidated?.length ?? 0;
    }
    const cpuPerRender = (cpuMs(pid) - renderCpuBefore) / rendered;
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMiB(pid)), 1_000);
    const cpuBefore = cpuMs(pid);
    let next = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 20,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            const { host, path } = LANDING_PAGES[next++ % LANDING_PAGES.length]!;
            return { ...request, path, headers: { ...request.headers, host } };
          },
        },
      ],
    });
    clearInterval(sampler);
    const cpu = cpuMs(pid) - cpuBefore;
    const atEnd = rssMiB(pid);
    await new Promise((resolve) => setTimeout(resolve, AFTER_S * 1000));
    return {
      cpuPerRender,
      rendered,
      idle,
      peak: Math.max(...samples),
      atEnd,
      after: rssMiB(pid),
      requests: result.requests.total,
      failed: result.requests.total - result['2xx'],
      cpuPerRequest: cpu / result.requests.total,
      rps: result.requests.average,
    };
  } finally {
    await stop();
  }
}

const cases: Array<[string, string]> = [
  [`as deployed (${INSTANCE_NODE_OPTIONS})`, INSTANCE_NODE_OPTIONS],
  ["V8's own heap size", ''],
  // `--try "<node options>"`: another setting, measured beside the two.
  ...(process.argv.includes('--try') ? [[`tried (${option('try', '')})`, option('try', '')] as [string, string]] : []),
];
const rows = [];
for (const [name, options] of process.argv.includes('--only-try') ? cases.slice(2) : cases)
  rows.push([name, await measure(options)] as const);
const share = (mib: number) => `${mib.toFixed(0)} (${((100 * mib) / INSTANCE_MEMORY_LIMIT_MIB).toFixed(0)} %)`;
console.log(
  `\none instance asked directly for 887 pages in turn, 20 connections, ${SECONDS} s; RSS in MiB (share of the ${INSTANCE_MEMORY_LIMIT_MIB} MiB limit; goal < 70 %)`,
);
console.log(
  `${'case'.padEnd(40)}${'idle'.padStart(11)}${'peak'.padStart(12)}${'at end'.padStart(12)}${`${AFTER_S} s after`.padStart(12)}${'req/s'.padStart(8)}${'CPU ms/req'.padStart(12)}${'failed'.padStart(8)}${'CPU ms/render'.padStart(15)}`,
);
for (const [name, run] of rows) {
  console.log(
    `${name.padEnd(40)}${share(run.idle).padStart(11)}${share(run.peak).padStart(12)}${share(run.atEnd).padStart(12)}${share(run.after).padStart(12)}${run.rps.toFixed(0).padStart(8)}${run.cpuPerRequest.toFixed(2).padStart(12)}${String(run.failed).padStart(8)}${`${run.cpuPerRender.toFixed(1)} (${run.rendered})`.padStart(15)}`,
  );
}
