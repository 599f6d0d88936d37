import { Logger } from '@nestjs/common';
import cluster, { Worker } from 'node:cluster';
import type { AppConfig } from '../config/config';
import { ForgetRelay } from './forget-relay';
import { HEARTBEAT_MS, isClusterMessage, RefusalsMessage, WorkerMessage } from './messages';
import { SlotRestarts } from './restart-policy';
import { SignInLimitsOwner } from './sign-in-limits-owner';

/** How long stopping workers may take before they are killed. */
const STOP_TIMEOUT_MS = 10_000;

/** One of the `WORKERS` places: the worker in it now, and its restart history. */
interface Slot {
  index: number;
  worker?: Worker;
  startedAt: number;
  ready: boolean;
  restarts: SlotRestarts;
  restart?: NodeJS.Timeout;
}

/**
 * The primary of `WORKERS` api processes on one port (node:cluster). The workers share the
 * listening socket and the kernel hands each new connection to one of them (`SCHED_NONE`), rather
 * than the primary accepting and passing connections on (Node's round robin): with round robin a
 * connection passed to a worker at the moment it dies is never answered nor closed, and a stalled
 * primary stalls every new connection. `NODE_CLUSTER_SCHED_POLICY=rr` still chooses round robin.
 * It opens no catalog: each worker starts the
 * whole api (migrations run under an advisory lock, so the first migrates and the others find it
 * done). It prints where the api listens once, when every worker is ready; restarts a worker that
 * dies, after a backoff that grows with each crash in a row; stops everything and exits 1 when a
 * worker cannot start (at the first start, or five times in a row later); on SIGTERM or SIGINT
 * stops the workers gracefully (SIGTERM each, SIGKILL after 10 s) and exits. It owns what must be
 * one for all workers: the sign-in limits (and their copy in every worker), and the relay that makes every worker drop cached
 * credentials when one changed a user.
 */
export function runPrimary(config: AppConfig): void {
  const logger = new Logger('geocatalog');
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  const slots: Slot[] = Array.from({ length: config.workers }, (_, index) => ({ index, startedAt: 0, ready: false, restarts: new SlotRestarts() }));
  const slotOf = new Map<number, Slot>();
  const send = (id: number, message: object) => {
    const worker = cluster.workers?.[id];
    if (worker?.isConnected()) worker.send(message, undefined, () => undefined);
  };
  const toEveryWorker = (message: RefusalsMessage) => {
    for (const slot of slots) if (slot.worker) send(slot.worker.id, message);
  };
  // Each change of the sign-in count goes to every worker before the answer to the worker that
  // made it; workers check requests against their copy while they hear from the primary.
  const limits = new SignInLimitsOwner(undefined, undefined, undefined, (entries) => toEveryWorker({ type: 'gc:refusals', entries }));
  const heartbeat = setInterval(() => toEveryWorker({ type: 'gc:refusals', entries: [] }), HEARTBEAT_MS);
  heartbeat.unref();
  const relay = new ForgetRelay(
    send,
    (id, requestId) => send(id, { type: 'gc:reply', id: requestId }),
    (m) => logger.warn(m),
  );
  let served = false;
  let stopping = false;
  let exitCode = 0;

  const fork = (slot: Slot) => {
    slot.restart = undefined;
    const worker = cluster.fork({ GEOCATALOG_WORKER_SLOT: String(slot.index) });
    Object.assign(slot, { worker, startedAt: Date.now(), ready: false });
    slotOf.set(worker.id, slot);
  };

  const ready = (worker: Worker, port: number, consoleServed: boolean) => {
    const slot = slotOf.get(worker.id);
    if (!slot || slot.worker !== worker) return;
    slot.ready = true;
    if (served) {
      logger.log(`Worker ${worker.id} (pid ${worker.process.pid}) is serving`);
      return;
    }
    if (!slots.every((s) => s.ready)) return;
    served = true;
    logger.log(`REST API at http://localhost:${port}${config.contextPath}/rest (${slots.length} workers)`);
    if (consoleServed) logger.log(`Console at http://localhost:${port}${config.contextPath}/web/`);
    else logger.warn(`Console not built (${config.webRoot} has no index.html): run npm run build`);
  };

  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    const live = slots.filter((s) => s.worker);
    for (const slot of slots) clearTimeout(slot.restart);
    if (!live.length) process.exit(exitCode);
    for (const slot of live) slot.worker!.process.kill('SIGTERM');
    setTimeout(() => {
      logger.warn(`Workers still running after ${STOP_TIMEOUT_MS / 1000} s: killing them`);
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    const m = message as WorkerMessage;
    switch (m.type) {
      case 'gc:ready':
        return ready(worker, m.port, m.console);
      case 'gc:sign-in':
        return send(worker.id, limits.answer(worker.id, m));
      case 'gc:sign-in-checks':
        return send(worker.id, limits.checks(m));
      case 'gc:refusals-sync':
        return send(worker.id, { type: 'gc:refusals', entries: limits.refusals(), full: true });
      case 'gc:sign-in-outcome':
        return limits.ended(worker.id, m);
      case 'gc:forget': {
        const others = slots.filter((s) => s.worker && s.worker !== worker).map((s) => s.worker!.id);
        return relay.relay(worker.id, m.id, m.what, others);
      }
      case 'gc:forgotten':
        return relay.confirmed(worker.id, m.id);
    }
  });

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    limits.workerGone(worker.id);
    relay.workerGone(worker.id);
    const slot = slotOf.get(worker.id);
    slotOf.delete(worker.id);
    if (!slot || slot.worker !== worker) return;
    slot.worker = undefined;
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    if (stopping) {
      if (slots.every((s) => !s.worker)) process.exit(exitCode);
      return;
    }
    if (!served) {
      logger.error(`A worker could not start (${how}): stopping`);
      return stop(1);
    }
    const decision = slot.restarts.died(Date.now() - slot.startedAt, slot.ready);
    if ('giveUp' in decision) {
      logger.error(`Worker ${worker.id} (pid ${worker.process.pid}) died (${how}); ${decision.giveUp}: stopping`);
      return stop(1);
    }
    logger.warn(`Worker ${worker.id} (pid ${worker.process.pid}) died (${how}): starting another in ${decision.restartInMs} ms`);
    slot.restart = setTimeout(() => fork(slot), decision.restartInMs);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!stopping) logger.log(`${signal}: stopping ${slots.filter((s) => s.worker).length} workers`);
      stop(0);
    });
  }

  logger.log(`Starting ${slots.length} workers`);
  for (const slot of slots) fork(slot);
}
