// The cargo-minimize extension: starts `cargo-minimize minimize lsp`, routes the
// server's "Minimize …" code actions through a progress notification with a Cancel
// button (our own workDoneToken), shows a status bar item and a log, and offers
// commands to minimize, cancel, and copy the bug report.

import * as vscode from 'vscode';
import { spawnSync } from 'node:child_process';
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  WorkDoneProgress,
} from 'vscode-languageclient/node';
import { checkServer, Increments, pickAction, serverOptions, Settings, statusText, Want } from './logic';

/** The server's command that runs a job (never registered on the client side by us). */
const SERVER_MINIMIZE = 'cargo-minimize.minimize';
const SERVER_REPORT = 'cargo-minimize.report';
const SERVER_CANCEL = 'cargo-minimize.cancel';
/** Our client command that code actions are rewritten to. */
const RUN = 'cargoMinimize.run';

/** What a finished job returns (see the server's executeCommand result). */
export interface JobResult {
  output: string;
  inputBytes: number;
  outputBytes: number;
  predicateRuns: number;
  cancelled: boolean;
  signature?: string;
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
    timeout: c.get<number>('timeout', 60),
    rustcFlags: c.get<string[]>('rustcFlags', []),
    cargoFlags: c.get<string[]>('cargoFlags', []),
    env: c.get<Record<string, string>>('env', {}),
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
          }
        }
        return actions;
      },
    },
  };
  client = new LanguageClient('cargoMinimize', 'cargo-minimize', server, options);
  await client.start();
}

async function stopClient(): Promise<void> {
  for (const cts of running) {
    cts.cancel();
  }
  const c = client;
  client = undefined;
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
        const result = (await c.sendRequest(
          ExecuteCommandRequest.type,
          { command: SERVER_MINIMIZE, arguments: [arg], workDoneToken: wd },
          cts.token,
        )) as JobResult;
        lastResult = result;
        await saveIfDirty(result.output);
        log.appendLine(`result: ${result.output} (${result.inputBytes} → ${result.outputBytes} bytes, ${result.predicateRuns} checks)`);
        vscode.window
          .showInformationMessage(
            `Minimized ${result.inputBytes} → ${result.outputBytes} bytes in ${result.predicateRuns} checks.`,
            'Copy bug report',
          )
          .then((choice) => {
            if (choice) {
              copyReport();
            }
          });
        return result;
      } catch (e) {
        const err = e as { code?: number; message?: string };
        if (err.code === -32800) {
          log.appendLine(`cancelled: ${err.message}`);
          vscode.window.showInformationMessage(`cargo-minimize: ${err.message ?? 'cancelled'}`);
        } else {
          log.appendLine(`failed: ${err.message}`);
          vscode.window.showErrorMessage(`cargo-minimize: ${err.message ?? String(e)}`, 'Show Log').then((c) => {
            if (c) {
              log.show();
            }
          });
        }
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

/** The server creates the result through `workspace/applyEdit`; keep it on disk. */
async function saveIfDirty(path: string): Promise<void> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path);
  if (doc?.isDirty) {
    await doc.save();
  }
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

async function copyReport(): Promise<void> {
  if (!client) {
    return;
  }
  try {
    const report = (await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_REPORT })) as string;
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
    vscode.commands.registerCommand('cargoMinimize.copyReport', copyReport),
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
