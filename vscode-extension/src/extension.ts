// The cargo-minimize extension: starts `cargo-minimize minimize lsp`, routes the
// server's "Minimize …" code actions through a progress notification with a Cancel
// button (our own workDoneToken) that lasts until the server's
// `cargo-minimize/finished` notification (the command itself is answered as soon
// as the job has started), shows a status bar item and a log, and offers commands
// to minimize, cancel, and copy the bug report.

import * as vscode from 'vscode';
import { spawnSync } from 'node:child_process';
import {
  ClientCapabilities,
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  FeatureState,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  StaticFeature,
  WorkDoneProgress,
  WorkDoneProgressCancelNotification,
} from 'vscode-languageclient/node';
import {
  checkServer,
  Increments,
  JobResult,
  pickAction,
  resultMessage,
  serverOptions,
  Settings,
  statusText,
  Want,
} from './logic';

/** The server's command that runs a job (never registered on the client side by us). */
const SERVER_MINIMIZE = 'cargo-minimize.minimize';
const SERVER_REPORT = 'cargo-minimize.report';
const SERVER_CANCEL = 'cargo-minimize.cancel';
/** The server's notification at the end of every job. */
const FINISHED = 'cargo-minimize/finished';
/** Our client command that code actions are rewritten to. */
const RUN = 'cargoMinimize.run';
/** Our command the server's "Copy bug report" action is rewritten to. */
const COPY_REPORT = 'cargoMinimize.copyReport';

export type { JobResult };

/** Tells the server that this client shows results itself (no showMessage from
 * it) and can copy a bug report to the clipboard. */
class CargoMinimizeCapabilities implements StaticFeature {
  fillClientCapabilities(caps: ClientCapabilities): void {
    caps.experimental = {
      ...(caps.experimental as object | undefined),
      cargoMinimize: { finishedNotification: true, copyReport: true },
    };
  }
  initialize(): void {}
  getState(): FeatureState {
    return { kind: 'static' };
  }
  clear(): void {}
}

/** Jobs this extension waits for, by id, and results that came before anyone waited. */
const waiting = new Map<number, (r: JobResult) => void>();
const early = new Map<number, JobResult>();

function waitForResult(job: number): Promise<JobResult> {
  const r = early.get(job);
  if (r) {
    early.delete(job);
    return Promise.resolve(r);
  }
  return new Promise((resolve) => waiting.set(job, resolve));
}

function onFinished(r: JobResult): void {
  log.appendLine(`finished: ${JSON.stringify(r)}`);
  const w = waiting.get(r.job);
  if (w) {
    waiting.delete(r.job);
    w(r);
    return;
  }
  // Kept for a moment for `runJob`, which may not wait yet; unclaimed, it is a job
  // this extension did not start (one the server's crash watcher offered): said here.
  early.set(r.job, r);
  setTimeout(() => {
    if (early.delete(r.job)) {
      if (!r.error) {
        lastResult = r;
      }
      announce(r);
    }
  }, 2000);
}

/** Tells the user how a job ended. */
function announce(r: JobResult): void {
  const m = resultMessage(r);
  if (m.level === 'error') {
    log.appendLine(`failed: ${r.error?.message}`);
    vscode.window.showErrorMessage(m.text, 'Show Log').then((c) => {
      if (c) {
        log.show();
      }
    });
    return;
  }
  log.appendLine(m.text);
  if (r.report && !r.cancelled) {
    vscode.window.showInformationMessage(m.text, 'Copy bug report').then((choice) => {
      if (choice) {
        copyReport({ job: r.job });
      }
    });
  } else {
    vscode.window.showInformationMessage(m.text);
  }
}

/** The extension's API (used by its own tests). */
export interface Api {
  client(): LanguageClient | undefined;
  run(arg: unknown): Promise<JobResult | undefined>;
  lastResult(): JobResult | undefined;
}

let client: LanguageClient | undefined;
let log: vscode.LogOutputChannel;
let status: vscode.StatusBarItem;
let lastResult: JobResult | undefined;
let jobCounter = 0;
const running = new Set<vscode.CancellationTokenSource>();

function settings(): Settings {
  const c = vscode.workspace.getConfiguration('cargoMinimize');
  return {
    serverPath: c.get<string>('server.path', '') || 'cargo-minimize',
    jobs: c.get<number>('jobs', 0),
    timeout: c.get<number | null>('timeout', null),
    rustcFlags: c.get<string[]>('rustcFlags', []),
    cargoFlags: c.get<string[]>('cargoFlags', []),
    env: c.get<Record<string, string>>('env', {}),
    tool: c.get<'rustc' | 'clippy' | 'rustdoc'>('tool', 'rustc'),
  };
}

async function startClient(): Promise<void> {
  const s = settings();
  const check = spawnSync(s.serverPath, ['--version'], { encoding: 'utf8', timeout: 10000 });
  const problem = checkServer(s.serverPath, {
    status: check.status,
    stdout: check.stdout ?? '',
    error: check.error?.message,
  });
  if (problem) {
    log.appendLine(problem);
    const choice = await vscode.window.showErrorMessage(problem, 'Open Settings', 'Show Log');
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'cargoMinimize.server.path');
    } else if (choice === 'Show Log') {
      log.show();
    }
    return;
  }
  log.appendLine(`server: ${s.serverPath} (${check.stdout.trim()})`);
  const server: ServerOptions = {
    command: s.serverPath,
    args: ['minimize', 'lsp'],
    options: { env: { ...process.env, ...s.env } },
  };
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'rust' }],
    initializationOptions: serverOptions(s),
    outputChannel: log,
    middleware: {
      // Route the server's minimize actions through our command, so that they run
      // with a notification that has a Cancel button.
      async provideCodeActions(document, range, context, token, next) {
        const actions = await next(document, range, context, token);
        for (const a of actions ?? []) {
          const cmd = a instanceof vscode.CodeAction ? a.command : (a as vscode.Command);
          if (cmd && cmd.command === SERVER_MINIMIZE) {
            cmd.command = RUN;
          } else if (cmd && cmd.command === SERVER_REPORT) {
            // "Copy bug report": the server returns the text, we copy it.
            cmd.command = COPY_REPORT;
          }
        }
        return actions;
      },
    },
  };
  client = new LanguageClient('cargoMinimize', 'cargo-minimize', server, options);
  client.registerFeature(new CargoMinimizeCapabilities());
  client.onNotification(FINISHED, onFinished);
  await client.start();
}

async function stopClient(): Promise<void> {
  for (const cts of running) {
    cts.cancel();
  }
  const c = client;
  client = undefined;
  // The server's jobs end with it: nobody waits for their results any more.
  for (const [job, w] of waiting) {
    w({ job, cancelled: true, error: { kind: 'cancelled', message: 'the server stopped' } });
  }
  waiting.clear();
  if (c) {
    await c.stop();
  }
}

async function runJob(arg: unknown): Promise<JobResult | undefined> {
  const c = client;
  if (!c) {
    vscode.window.showErrorMessage('cargo-minimize: the server is not running (see the log).');
    return undefined;
  }
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'cargo-minimize', cancellable: true },
    async (progress, token) => {
      const wd = `cargo-minimize-vscode/${++jobCounter}`;
      const inc = new Increments();
      const cts = new vscode.CancellationTokenSource();
      running.add(cts);
      token.onCancellationRequested(() => cts.cancel());
      status.text = statusText('starting', 0);
      status.show();
      const sub = c.onProgress(WorkDoneProgress.type, wd, (v) => {
        if (v.kind === 'begin') {
          log.appendLine(`${v.title}: ${v.message ?? ''}`);
          progress.report({ message: `${v.title}: ${v.message ?? ''}` });
          status.text = statusText(v.message, v.percentage);
        } else if (v.kind === 'report') {
          progress.report({ message: v.message, increment: inc.next(v.percentage) });
          status.text = statusText(v.message, v.percentage);
        } else {
          log.appendLine(v.message ?? 'done');
        }
      });
      try {
        // Answered as soon as the job has started; the result comes with the
        // `cargo-minimize/finished` notification.
        const started = (await c.sendRequest(ExecuteCommandRequest.type, {
          command: SERVER_MINIMIZE,
          arguments: [arg],
          workDoneToken: wd,
        })) as { job: number };
        const stop = () => {
          c.sendNotification(WorkDoneProgressCancelNotification.type, { token: wd }).catch(() => undefined);
          c.sendRequest(ExecuteCommandRequest.type, { command: SERVER_CANCEL, arguments: [{ job: started.job }] }).catch(
            () => undefined,
          );
        };
        if (cts.token.isCancellationRequested) {
          stop();
        }
        const cancelSub = cts.token.onCancellationRequested(stop);
        const result = await waitForResult(started.job).finally(() => cancelSub.dispose());
        if (!result.error) {
          lastResult = result;
          log.appendLine(`result: ${result.output} (${result.inputBytes} → ${result.outputBytes} bytes, ${result.predicateRuns} checks)`);
        }
        announce(result);
        return result.error ? undefined : result;
      } catch (e) {
        const err = e as { message?: string };
        log.appendLine(`failed: ${err.message}`);
        vscode.window.showErrorMessage(`cargo-minimize: ${err.message ?? String(e)}`, 'Show Log').then((c) => {
          if (c) {
            log.show();
          }
        });
        return undefined;
      } finally {
        sub.dispose();
        running.delete(cts);
        if (running.size === 0) {
          status.hide();
        }
      }
    },
  );
}

async function minimizeFromEditor(want: Want): Promise<void> {
  const ed = vscode.window.activeTextEditor;
  if (!ed || ed.document.languageId !== 'rust') {
    vscode.window.showWarningMessage('cargo-minimize: open a Rust file first.');
    return;
  }
  if (ed.document.isDirty) {
    await ed.document.save(); // the compiler sees the saved file
  }
  const actions =
    (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      ed.document.uri,
      ed.selection,
    )) ?? [];
  const ours = actions
    .map((a) => (a instanceof vscode.CodeAction || 'kind' in a ? (a as vscode.CodeAction).command : (a as vscode.Command)))
    .filter((c): c is vscode.Command => !!c && c.command === RUN);
  const i = pickAction(
    ours.map((c) => c.title),
    want,
  );
  if (i < 0) {
    const why = {
      test: 'put the cursor inside a #[test] function',
      crateIce: 'this file is not part of a crate',
      fileIce: 'no minimize action for this file',
    }[want];
    vscode.window.showWarningMessage(`cargo-minimize: ${why}.`);
    return;
  }
  await runJob(ours[i].arguments?.[0]);
}

async function copyReport(which?: { job: number }): Promise<void> {
  if (!client) {
    return;
  }
  try {
    const report = (await client.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_REPORT,
      arguments: which ? [which] : [],
    })) as string;
    await vscode.env.clipboard.writeText(report);
    vscode.window.showInformationMessage('cargo-minimize: the bug report is on the clipboard.');
  } catch (e) {
    vscode.window.showWarningMessage(`cargo-minimize: ${(e as Error).message}`);
  }
}

async function cancelAll(): Promise<void> {
  for (const cts of running) {
    cts.cancel();
  }
  if (client) {
    await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_CANCEL }).catch(() => undefined);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<Api> {
  log = vscode.window.createOutputChannel('cargo-minimize', { log: true });
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  status.command = 'cargoMinimize.cancel';
  status.tooltip = 'cargo-minimize is running: click to cancel';
  context.subscriptions.push(
    log,
    status,
    vscode.commands.registerCommand(RUN, runJob),
    vscode.commands.registerCommand('cargoMinimize.minimizeFileIce', () => minimizeFromEditor('fileIce')),
    vscode.commands.registerCommand('cargoMinimize.minimizeCrateIce', () => minimizeFromEditor('crateIce')),
    vscode.commands.registerCommand('cargoMinimize.minimizeTest', () => minimizeFromEditor('test')),
    vscode.commands.registerCommand('cargoMinimize.cancel', cancelAll),
    vscode.commands.registerCommand(COPY_REPORT, copyReport),
    vscode.commands.registerCommand('cargoMinimize.showLog', () => log.show()),
    vscode.commands.registerCommand('cargoMinimize.restartServer', async () => {
      await stopClient();
      await startClient();
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('cargoMinimize.server.path')) {
        await stopClient();
        await startClient();
      } else if (e.affectsConfiguration('cargoMinimize') && client) {
        // Applies to the next job; no restart needed.
        client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { cargoMinimize: serverOptions(settings()) },
        });
        const env = settings().env;
        log.appendLine(`settings changed (env: ${Object.keys(env).join(', ') || 'none'})`);
      }
    }),
  );
  await startClient();
  return {
    client: () => client,
    run: runJob,
    lastResult: () => lastResult,
  };
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
