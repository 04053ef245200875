/** What every process entry point (API, worker, notifier, admin) does the same way at start and stop. */
import { ConfigError, loadConfig, type Config } from './config/load.js';

/** The configuration, or a clear message naming each invalid variable and exit status 2. */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * On the first SIGTERM or SIGINT: run `drain` (stop taking work, let work in flight finish, close
 * connections), then exit 0. A drain that fails exits 1; one still running after `timeoutMs`
 * (WARPOST_SHUTDOWN_TIMEOUT_MS) is cut off with exit 1, as is any drain on a second signal.
 * Work cut off mid-way is safe: a resolution or delivery rolls back and another process retries it.
 */
export function drainOnSignals(drain: () => Promise<void>, opts: { timeoutMs: number; log: Logger }): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      opts.log.error({ signal }, 'second signal while draining; exiting now');
      process.exit(1);
    }
    draining = true;
    opts.log.info({ signal, timeoutMs: opts.timeoutMs }, 'draining: finishing work in flight, then exiting');
    const started = Date.now();
    setTimeout(() => {
      opts.log.error(
        { timeoutMs: opts.timeoutMs },
        'drain did not finish in time; exiting with work in flight (it is retried elsewhere)',
      );
      process.exit(1);
    }, opts.timeoutMs);
    drain().then(
      () => {
        opts.log.info({ ms: Date.now() - started }, 'drained; exiting');
        process.exit(0);
      },
      (err: unknown) => {
        opts.log.error({ err: err instanceof Error ? err.message : String(err) }, 'drain failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
