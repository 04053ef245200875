// Minimal typing for the parts of autocannon the benches use (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      idReplacement?: boolean;
      setupClient?: (client: unknown) => void;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      /** Per-second counts; `total`: every answered request of the run. */
      requests: Histogram & { total: number };
      latency: Histogram;
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, res: autocannon.Result) => void): unknown;
  export = autocannon;
}
