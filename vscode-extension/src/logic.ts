// The extension's own logic, free of the `vscode` module so that it can be unit
// tested in plain Node: settings → server options, version checks, progress
// arithmetic, picking the server's code action for a command, and what to say
// about a finished job.

/** The settings under `cargoMinimize.*`. */
export interface Settings {
  serverPath: string;
  jobs: number;
  /** Seconds; `null` (or not positive): learned by the server from the original's checks. */
  timeout: number | null;
  rustcFlags: string[];
  cargoFlags: string[];
  env: Record<string, string>;
  tool: 'rustc' | 'clippy' | 'rustdoc';
}

/** The server's settings object (`initializationOptions`, `didChangeConfiguration`). */
export function serverOptions(s: Settings): Record<string, unknown> {
  return {
    jobs: Math.max(0, Math.floor(s.jobs)),
    timeout: s.timeout !== null && s.timeout > 0 ? s.timeout : null,
    rustcFlags: s.rustcFlags,
    cargoFlags: s.cargoFlags,
    env: s.env,
    tool: ['rustc', 'clippy', 'rustdoc'].includes(s.tool) ? s.tool : 'rustc',
  };
}

/** The oldest server this extension can drive. */
export const MIN_SERVER_VERSION = '0.1.0';

/** Parses `cargo minimize 0.1.0` (the output of `--version`) into [0, 1, 0]. */
export function parseVersion(output: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(output);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** `true` when `have` is at least `want`. */
export function versionAtLeast(have: [number, number, number], want: string): boolean {
  const w = parseVersion(want);
  if (!w) {
    return false;
  }
  for (let i = 0; i < 3; i++) {
    if (have[i] !== w[i]) {
      return have[i] > w[i];
    }
  }
  return true;
}

/** What is wrong with the server binary, as a message the user can act on, or undefined. */
export function checkServer(
  path: string,
  run: { status: number | null; stdout: string; error?: string },
): string | undefined {
  if (run.error || run.status === null) {
    return `cargo-minimize was not found (${path}): install it with \`cargo install --path cargo-minimize\` from the cargo-minimize repository, or set "cargoMinimize.server.path".`;
  }
  if (run.status !== 0) {
    return `${path} --version failed (exit ${run.status}); check "cargoMinimize.server.path".`;
  }
  const v = parseVersion(run.stdout);
  if (!v) {
    return `${path} does not look like cargo-minimize (--version said "${run.stdout.trim()}").`;
  }
  if (!versionAtLeast(v, MIN_SERVER_VERSION)) {
    return `cargo-minimize ${v.join('.')} is too old: this extension needs ${MIN_SERVER_VERSION} or newer.`;
  }
  return undefined;
}

/** Turns the server's absolute percentages into VS Code's increments. */
export class Increments {
  private last = 0;
  /** The increment to report for `percentage` (never negative). */
  next(percentage: number | undefined): number | undefined {
    if (percentage === undefined) {
      return undefined;
    }
    const p = Math.max(0, Math.min(100, percentage));
    const inc = Math.max(0, p - this.last);
    this.last = Math.max(this.last, p);
    return inc;
  }
}

/** Which of the server's code actions a command wants. */
export type Want = 'fileIce' | 'crateIce' | 'test';

/** Picks the action for `want` among the server's action titles; its index or -1. */
export function pickAction(titles: string[], want: Want): number {
  return titles.findIndex((t) => {
    switch (want) {
      case 'test':
        return t.startsWith('Minimize failing test');
      case 'crateIce':
        return t.startsWith('Minimize this ICE (crate');
      case 'fileIce':
        return t === 'Minimize this ICE' || t.startsWith('Minimize this ICE (file');
    }
    return false;
  });
}

/** The status bar text for a running job. */
export function statusText(message: string | undefined, percentage: number | undefined): string {
  const pct = percentage === undefined ? '' : ` ${Math.round(percentage)}%`;
  const msg = message ? `: ${message}` : '';
  return `$(loading~spin) Minimizing${pct}${msg}`.slice(0, 120);
}

/** What the server's `cargo-minimize/finished` notification carries. */
export interface JobResult {
  job: number;
  /** The file shown (the result, or its crate's file). */
  output?: string;
  /** The result: the file, or the crate's tree. */
  result?: string;
  inputBytes?: number;
  outputBytes?: number;
  predicateRuns?: number;
  cancelled: boolean;
  /** Every neighbour of the result in the stated neighbourhood was tried; none kept the bug. */
  oneMinimal?: boolean;
  /** Cancelled, and the earlier result in place was not larger: it was kept. */
  keptEarlier?: boolean;
  signature?: string;
  /** A bug report is available (`cargo-minimize.report`). */
  report?: boolean;
  error?: { kind: string; message: string };
}

/** What to tell the user about a finished job. */
export function resultMessage(r: JobResult): { level: 'info' | 'error'; text: string } {
  if (r.error) {
    return r.error.kind === 'cancelled'
      ? { level: 'info', text: 'cargo-minimize: cancelled before there was a result.' }
      : { level: 'error', text: `cargo-minimize: ${r.error.message}` };
  }
  if (r.keptEarlier) {
    return {
      level: 'info',
      text: `cargo-minimize: cancelled; kept the earlier, smaller result (${r.outputBytes} bytes) in ${r.output}.`,
    };
  }
  if (r.cancelled) {
    return {
      level: 'info',
      text: `cargo-minimize: cancelled; the best so far (${r.inputBytes} → ${r.outputBytes} bytes) is in ${r.output}.`,
    };
  }
  return {
    level: 'info',
    text: `Minimized ${r.inputBytes} → ${r.outputBytes} bytes in ${r.predicateRuns} checks${r.oneMinimal ? ' (1-minimal)' : ''}.`,
  };
}
