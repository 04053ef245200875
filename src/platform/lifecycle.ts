/** What every process entry point (API, worker, notifier, admin) does the same way at start and stop. */
import { ConfigError, loadConfig, type Config } from './config.js';

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
