// A real LSP client for the tests: VS Code's own protocol library over the stdio
// of `cargo-minimize lsp`. It records what the server asks of the client and
// answers like an editor would (or like a poorer one, with `caps` turned off).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
  ApplyWorkspaceEditRequest,
  ShowDocumentRequest,
  ShowMessageNotification,
  ShowMessageRequest,
  LogMessageNotification,
  RegistrationRequest,
  ExecuteCommandRequest,
} from 'vscode-languageserver-protocol/node';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
export const serverBin =
  process.env.CARGO_MINIMIZE_BIN ?? path.join(repo, 'target', 'release', 'cargo-minimize');

/// Temporary directories made by the tests, removed when the test process exits.
const made = [];
process.on('exit', () => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/// A fresh directory under the system's temp directory (its real path), removed at exit.
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), prefix));
  made.push(dir);
  return dir;
}

/// A fresh private directory with a copy of `tests/ices/NAME` (or any repo file).
export function workspaceWith(repoFile, name = path.basename(repoFile)) {
  const dir = tempDir('cm-lsp-');
  const dest = path.join(dir, name);
  fs.copyFileSync(path.join(repo, repoFile), dest);
  fs.chmodSync(dest, 0o644);
  return { dir, file: dest };
}

/// The ICE message line a reproducer promises (its second line: `// ice: ...`).
export function expectedIce(repoFile) {
  const lines = fs.readFileSync(path.join(repo, repoFile), 'utf8').split('\n');
  return lines[1].replace(/^\/\/ ice: /, '').trim();
}

/// Runs rustc on `file` as the reproducer's first line says; returns stderr.
export function compile(file, cmdFrom) {
  const cmd = fs.readFileSync(path.join(repo, cmdFrom), 'utf8').split('\n')[0];
  const flags = cmd.replace(/^\/\/ cmd: RUSTC_BOOTSTRAP=1 rustc /, '').split(/\s+/).filter(Boolean);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-rustc-'));
  // The crate name of the original (`repro` for `repro_min.rs`).
  const crateName = path.basename(file).split('.')[0].replace(/_min$/, '');
  const r = spawnSync('rustc', [...flags, '--crate-name', crateName, '--out-dir', out, file], {
    env: { ...process.env, RUSTC_BOOTSTRAP: '1', RUSTC_ICE: '0' },
    encoding: 'utf8',
    cwd: out,
  });
  fs.rmSync(out, { recursive: true, force: true });
  return r.stderr;
}

/// Child processes of `pid` (from /proc), for "nothing left behind" checks.
export function childrenOf(pid) {
  const kids = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) kids.push(Number(d));
    } catch {
      // the process ended meanwhile
    }
  }
  return kids;
}

/**
 * Starts the server and initializes it.
 * caps: { progress, showDocument, createFiles, watchFiles } (all true by default)
 * options: initializationOptions
 * answer: how to answer window/showMessageRequest (default: dismiss)
 */
export async function start({ caps = {}, options = {}, env = {}, answer = () => null } = {}) {
  const { progress = true, showDocument = true, createFiles = true, watchFiles = true } = caps;
  const child = spawn(serverBin, ['minimize', 'lsp'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, RUSTC_ICE: '0', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const conn = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const log = {
    created: [], // progress tokens the server created
    progress: [], // { token, value, at }
    applied: [], // workspace edits
    shown: [], // showDocument params
    messages: [], // showMessage params
    logs: [], // logMessage params
    asked: [], // showMessageRequest params
    registrations: [], // dynamic registrations
    finished: [], // cargo-minimize/finished params, with `at`
  };
  conn.onRequest(WorkDoneProgressCreateRequest.type, (p) => {
    log.created.push(p.token);
    return null;
  });
  conn.onUnhandledProgress((p) => log.progress.push({ token: p.token, value: p.value, at: Date.now() }));
  conn.onRequest(ApplyWorkspaceEditRequest.type, (p) => {
    log.applied.push(p.edit);
    // Apply it as an editor would: create files, then insert the text.
    for (const op of p.edit.documentChanges ?? []) {
      if (op.kind === 'create') {
        fs.writeFileSync(fileURLToPath(op.uri), '');
      } else if (op.textDocument) {
        const f = fileURLToPath(op.textDocument.uri);
        const text = op.edits.map((e) => e.newText).join('');
        fs.writeFileSync(f, text);
      }
    }
    return { applied: true };
  });
  conn.onRequest(ShowDocumentRequest.type, (p) => {
    log.shown.push(p);
    return { success: true };
  });
  conn.onNotification(ShowMessageNotification.type, (p) => log.messages.push(p));
  conn.onNotification(LogMessageNotification.type, (p) => log.logs.push(p));
  conn.onNotification('cargo-minimize/finished', (p) => log.finished.push({ ...p, at: Date.now() }));
  conn.onRequest(ShowMessageRequest.type, (p) => {
    log.asked.push(p);
    return answer(p);
  });
  conn.onRequest(RegistrationRequest.type, (p) => {
    log.registrations.push(...p.registrations);
    return null;
  });
  conn.listen();
  const capabilities = {
    window: {
      workDoneProgress: progress,
      showDocument: showDocument ? { support: true } : undefined,
    },
    workspace: {
      applyEdit: createFiles,
      workspaceEdit: createFiles
        ? { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] }
        : { documentChanges: false },
      configuration: true,
      didChangeWatchedFiles: { dynamicRegistration: watchFiles },
    },
  };
  const init = await conn.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities,
    initializationOptions: options,
  });
  conn.sendNotification(InitializedNotification.type, {});
  return {
    child,
    conn,
    log,
    init,
    exited,
    stderr: () => stderr,
    /// Progress values sent for `token`, in order.
    progressFor(token) {
      return log.progress.filter((p) => p.token === token).map((p) => p.value);
    },
    onProgress(token, f) {
      return conn.onProgress(WorkDoneProgress.type, token, f);
    },
    /// The `cargo-minimize/finished` notification of `job`, once it came.
    async finished(job, ms = 300000) {
      const t0 = Date.now();
      for (;;) {
        const f = log.finished.find((f) => f.job === job);
        if (f) return f;
        if (Date.now() - t0 > ms) throw new Error(`job ${job} did not finish in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /// Runs a command through workspace/executeCommand: its answer and when it came.
    async command(command, args = [], extra = {}) {
      const answer = await conn.sendRequest(ExecuteCommandRequest.type, { command, arguments: args, ...extra });
      return { answer, at: Date.now() };
    },
    async stop() {
      try {
        await conn.sendRequest('shutdown');
        conn.sendNotification('exit');
      } catch {
        // already gone
      }
      const r = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 5000))]);
      if (r === null) child.kill('SIGKILL');
      conn.dispose();
      return r;
    },
  };
}

export function uri(file) {
  return pathToFileURL(file).toString();
}
