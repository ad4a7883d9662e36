// `npx tsx scripts/bench/slow-host.ts [--cpu=0.7] [--write-iops=5000] [--postgres] -- <command…>`:
// runs a bench command as on a host of the slow-host class (docs/performance.md#host-classes)
// (2 cores, a slow CPU, the raw SQLite driver at 1,178–1,626 sales a second),
// on a faster machine, with Linux control groups (v1: the cpu and blkio
// controllers; needs root). docs/performance.md#emulating-a-slow-host says how
// it was calibrated and what it gave.
//
// - CPU: the command (the load and the raw drivers), each server it starts and,
//   with --postgres, PostgreSQL get a core each, cut to --cpu of it (a CFS quota
//   of cpu × 10 ms every 10 ms): three slower cores where the host has two, but
//   the three are rarely busy at once.
// - Disk: writes to the data's disk are held to --write-iops (blkio throttle),
//   so a commit's fsync costs what it costs on a slower disk.
//
// Servers join their group as they start: support/start-server.ts writes each
// one's pid into the file BENCH_SERVER_CGROUP names. PostgreSQL's processes
// are moved back where they were when the command ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './data-dir.js';

const separator = process.argv.indexOf('--');
const options = process.argv.slice(2, separator < 0 ? undefined : separator);
const command = separator < 0 ? [] : process.argv.slice(separator + 1);
const option = (name: string, fallback: number) => Number(options.find((o) => o.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const cpuShare = option('cpu', 0.7);
const writeIops = option('write-iops', 5000);
const withPostgres = options.includes('--postgres');
if (command.length === 0 || !(cpuShare > 0 && cpuShare <= 1) || !(writeIops > 0)) {
  throw new Error('uso: slow-host.ts [--cpu=0.7] [--write-iops=5000] [--postgres] -- <orden…>');
}

const CPU = '/sys/fs/cgroup/cpu';
const BLKIO = '/sys/fs/cgroup/blkio';
if (!fs.existsSync(`${CPU}/cgroup.procs`) || !fs.existsSync(`${BLKIO}/blkio.throttle.write_iops_device`)) {
  throw new Error('slow-host.ts necesita los controladores cpu y blkio de cgroup v1 montados en /sys/fs/cgroup (y root)');
}

const PERIOD_US = 10_000;
const cpuGroup = (name: string) => {
  const dir = path.join(CPU, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
  fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(cpuShare * PERIOD_US)));
  return path.join(dir, 'cgroup.procs');
};

/**
 * The whole disk under a folder (a throttle on a partition's number does
 * nothing), or undefined for a folder on no disk (tmpfs: the fast-disk class,
 * whose fsync costs nothing, docs/performance.md#host-classes).
 */
function diskOf(folder: string): string | undefined {
  const { dev } = fs.statSync(folder);
  const id = `${Math.floor(dev / 256) & 0xfff}:${(dev & 0xff) | ((dev >> 12) & 0xfff00)}`;
  if (!fs.existsSync(`/sys/dev/block/${id}`)) return undefined;
  const sys = fs.realpathSync(`/sys/dev/block/${id}`);
  return fs.existsSync(path.join(sys, 'partition')) ? fs.readFileSync(path.join(path.dirname(sys), 'dev'), 'utf8').trim() : id;
}

// The bench's data folder, or the nearest folder above it that exists yet: the disk the data sets will be written to.
let existing = DATA_DIR;
while (!fs.existsSync(existing)) existing = path.dirname(existing);
const disk = diskOf(existing);
const blkioDir = path.join(BLKIO, 'cafe-lento');
fs.mkdirSync(blkioDir, { recursive: true });
const throttle = path.join(blkioDir, 'blkio.throttle.write_iops_device');
// An earlier run's limit goes first (0 removes it): the data may be on another disk, or on none, this time.
for (const rule of fs.readFileSync(throttle, 'utf8').split('\n').filter(Boolean)) fs.writeFileSync(throttle, `${rule.split(' ')[0]} 0`);
if (disk) fs.writeFileSync(throttle, `${disk} ${writeIops}`);
const loadGroup = cpuGroup('cafe-lento-carga');
const serverGroup = cpuGroup('cafe-lento-servidor');

/** A process's name, or '' when it ended after /proc was listed. */
function nameOf(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
/** PostgreSQL's processes: the postmaster and its children. */
const postgresPids = (): string[] => fs.readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && nameOf(pid) === 'postgres');
const movePostgres = (cpuProcs: string, blkioProcs: string) => {
  for (const pid of postgresPids()) {
    try {
      fs.writeFileSync(cpuProcs, pid);
      fs.writeFileSync(blkioProcs, pid);
    } catch (error) {
      // A backend that ended between the listing and the move: nothing left to move.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
};
if (withPostgres) movePostgres(cpuGroup('cafe-lento-postgres'), path.join(blkioDir, 'cgroup.procs'));

const diskText = disk ? `${writeIops} escrituras/s en el disco ${disk}` : `los datos sin disco (${DATA_DIR}), sin límite de escrituras`;
console.error(`· máquina lenta emulada: ${cpuShare} de núcleo por grupo, ${diskText}${withPostgres ? ', PostgreSQL incluido' : ''}`);
const child = spawn('sh', ['-c', `echo $$ > ${loadGroup} && echo $$ > ${blkioDir}/cgroup.procs && exec "$@"`, 'sh', ...command], {
  stdio: 'inherit',
  env: { ...process.env, BENCH_SERVER_CGROUP: serverGroup },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code: number = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
if (withPostgres) movePostgres(`${CPU}/cgroup.procs`, `${BLKIO}/cgroup.procs`);
process.exit(code);
