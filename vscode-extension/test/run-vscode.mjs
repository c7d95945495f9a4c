// Runs the extension in a real VS Code: code-server 4.100.3 driven by headless
// Chromium through playwright-core (recipe: ../shared/notes/real-clients.md).
//
// 1. Extension-host tests (like @vscode/test-electron): the development extension
//    with extensionTestsPath = out/test/index.js, against the real server and rustc.
// 2. The packaged .vsix installed into a fresh code-server, and a UI flow as a user
//    does it: open the ICE file, Ctrl+., choose "Minimize this ICE", see the progress,
//    get repro_min.rs in a new tab. Screenshots go to test-results/ (and the final
//    one to media/screenshot.png when CM_UPDATE_SCREENSHOT=1).
//
// Exit code 0 when both pass. Every process is started with setsid and killed as a
// process group.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(ext, '..');
const codeServer =
  process.env.CODE_SERVER ?? path.join(ext, '.vscode-test', 'code-server', 'node_modules', '.bin', 'code-server');
const serverBin = process.env.CARGO_MINIMIZE_BIN ?? path.join(repo, 'target', 'release', 'cargo-minimize');
const vsix = path.join(ext, 'cargo-minimize.vsix');
const results = path.join(ext, 'test-results');
const ICE = path.join(repo, 'tests', 'ices', 'gce_bool_mul_const_eval.rs');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const groups = [];

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

/// Workspace roots made by this run, removed at the end.
const roots = [];

function workspace({ trust = false } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-vscode-'));
  roots.push(root);
  const ws = path.join(root, 'ws');
  fs.mkdirSync(ws);
  fs.copyFileSync(ICE, path.join(ws, 'repro.rs'));
  fs.chmodSync(path.join(ws, 'repro.rs'), 0o644);
  const user = path.join(root, 'user');
  fs.mkdirSync(path.join(user, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(user, 'User', 'settings.json'),
    JSON.stringify({
      'cargoMinimize.server.path': serverBin,
      'cargoMinimize.env': { RUSTC_BOOTSTRAP: '1', RUSTC_ICE: '0' },
      'cargoMinimize.jobs': 2,
      'workbench.startupEditor': 'none',
      'security.workspace.trust.enabled': trust,
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.untrustedFiles': 'open',
      'telemetry.telemetryLevel': 'off',
      'extensions.autoCheckUpdates': false,
      'workbench.tips.enabled': false,
    }),
  );
  const exts = path.join(root, 'extensions');
  fs.mkdirSync(exts);
  return { root, ws, user, exts };
}

async function startCodeServer({ user, exts, ws, trust = false }) {
  const port = await freePort();
  const tmp = path.join(path.dirname(user), 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const child = spawn(
    'setsid',
    [
      codeServer,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...(trust ? [] : ['--disable-workspace-trust']),
      '--user-data-dir',
      user,
      '--extensions-dir',
      exts,
      ws,
    ],
    // Temporary files of code-server and of everything it starts (the LSP server's
    // scratch directories, IPC sockets) stay under the workspace root, which is
    // removed at the end even when the processes are killed.
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUSTC_ICE: '0', TMPDIR: tmp } },
  );
  groups.push(child.pid);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const t0 = Date.now();
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) {
        break;
      }
    } catch {
      // not up yet
    }
    if (Date.now() - t0 > 60000) {
      throw new Error(`code-server did not start:\n${out}`);
    }
    await sleep(250);
  }
  return { port, child, log: () => out };
}

function stop(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

async function extensionHostTests() {
  const w = workspace();
  const cs = await startCodeServer(w);
  const b = await browser();
  try {
    const page = await b.newPage({ viewport: { width: 1400, height: 900 } });
    let exitCode;
    await page.exposeFunction('codeAutomationExit', (code) => {
      exitCode = code;
    });
    const base = `vscode-remote://127.0.0.1:${cs.port}`;
    const payload = [
      ['extensionDevelopmentPath', `${base}${ext}`],
      ['extensionTestsPath', `${base}${path.join(ext, 'out', 'test', 'index.js')}`],
    ];
    await page.goto(
      `http://127.0.0.1:${cs.port}/?folder=${encodeURIComponent(w.ws)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    const t0 = Date.now();
    while (exitCode === undefined && Date.now() - t0 < 300000) {
      await sleep(250);
    }
    const resultFile = path.join(w.ws, '.test-result.json');
    const result = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : undefined;
    console.log(`extension-host tests: exit ${exitCode}, ${result ? result.summary : 'no result file'}`);
    if (result && result.failures.length) {
      console.log(`failed: ${result.failures.join('; ')}`);
    }
    return exitCode === 0 && result && result.failures.length === 0;
  } finally {
    await b.close();
    stop(cs.child);
  }
}

/** Installs the packaged .vsix into `w`'s code-server profile. */
function installVsix(w) {
  const inst = spawnSync(codeServer, ['--user-data-dir', w.user, '--extensions-dir', w.exts, '--install-extension', vsix], {
    encoding: 'utf8',
  });
  if (inst.status !== 0 || !/successfully installed/i.test(inst.stdout + inst.stderr)) {
    console.log(`installing the .vsix failed:\n${inst.stdout}\n${inst.stderr}`);
    return false;
  }
  return true;
}

/** A page showing the workbench on `w`'s folder. */
async function openWorkbench(b, cs, w) {
  const page = await b.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`http://127.0.0.1:${cs.port}/?folder=${encodeURIComponent(w.ws)}`);
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  await sleep(3000);
  return page;
}

/** Opens `name` through Quick Open and waits for its editor. Quick Open may not
 * list the file yet while the workbench is still indexing the folder (seen once
 * in CI): it is asked again, up to five times, until the file's row shows. */
async function openFile(page, name) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    await page.keyboard.type(name);
    try {
      await page.waitForSelector(`.quick-input-list .monaco-list-row >> text=${name}`, { timeout: 5000 });
      await page.keyboard.press('Enter');
      await page.waitForSelector('.monaco-editor .view-lines', { timeout: 10000 });
      return;
    } catch (e) {
      if (attempt >= 5) throw e;
      await page.keyboard.press('Escape');
      await sleep(2000);
    }
  }
}

async function uiFlow() {
  const w = workspace();
  if (!installVsix(w)) return false;
  console.log('the .vsix installed into code-server');
  const cs = await startCodeServer(w);
  const b = await browser();
  fs.mkdirSync(results, { recursive: true });
  try {
    const page = await openWorkbench(b, cs, w);
    await openFile(page, 'repro.rs');
    await sleep(2000);
    await page.click('.monaco-editor .view-line >> nth=2');
    // The server starts on the first Rust file; retry Ctrl+. until our action shows.
    let row;
    for (let i = 0; i < 20 && !row; i++) {
      await page.keyboard.press('Control+.');
      try {
        row = await page.waitForSelector('.action-widget >> text=Minimize this ICE', { timeout: 3000 });
      } catch {
        await page.keyboard.press('Escape');
        await sleep(1000);
      }
    }
    if (!row) {
      await page.screenshot({ path: path.join(results, 'no-action.png') });
      console.log('the action did not appear in the light bulb menu');
      return false;
    }
    await page.screenshot({ path: path.join(results, '1-light-bulb.png') });
    await page.keyboard.press('Enter');
    const note = await page.waitForSelector('.notifications-toasts >> text=cargo-minimize', { timeout: 30000 });
    if (note) {
      await page.screenshot({ path: path.join(results, '2-progress.png') });
    }
    await page.waitForSelector('.tabs-container >> text=repro_min.rs', { timeout: 180000 });
    await sleep(1500);
    const shot = path.join(results, '3-result.png');
    await page.screenshot({ path: shot });
    if (process.env.CM_UPDATE_SCREENSHOT === '1') {
      fs.mkdirSync(path.join(ext, 'media'), { recursive: true });
      fs.copyFileSync(shot, path.join(ext, 'media', 'screenshot.png'));
    }
    const min = path.join(w.ws, 'repro_min.rs');
    const t0 = Date.now();
    while (!(fs.existsSync(min) && fs.statSync(min).size > 0) && Date.now() - t0 < 10000) {
      await sleep(200);
    }
    const ok = fs.existsSync(min) && fs.statSync(min).size < fs.statSync(path.join(w.ws, 'repro.rs')).size;
    console.log(`UI flow: ${ok ? 'repro_min.rs opened in a new tab and saved' : 'no smaller repro_min.rs on disk'}`);
    return ok;
  } finally {
    await b.close();
    stop(cs.child);
  }
}

/** Processes whose command line runs our server (`<serverBin> minimize lsp`). */
function serverProcesses() {
  const r = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => l.includes(serverBin) && / lsp\b/.test(l));
}

/** With workspace trust on and the folder not trusted (Restricted Mode), the
 * installed extension must not run: no server process, no code action. */
async function untrustedFlow() {
  const w = workspace({ trust: true });
  if (!installVsix(w)) return false;
  const before = serverProcesses().length;
  const cs = await startCodeServer({ ...w, trust: true });
  const b = await browser();
  fs.mkdirSync(results, { recursive: true });
  try {
    const page = await openWorkbench(b, cs, w);
    const restricted = await page
      .waitForSelector('text=Restricted Mode', { timeout: 15000 })
      .then(() => true)
      .catch(() => false);
    await openFile(page, 'repro.rs');
    await sleep(5000);
    await page.click('.monaco-editor .view-line >> nth=2');
    let offered = false;
    for (let i = 0; i < 3 && !offered; i++) {
      await page.keyboard.press('Control+.');
      offered = await page
        .waitForSelector('.action-widget >> text=Minimize this ICE', { timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      await page.keyboard.press('Escape');
    }
    await page.screenshot({ path: path.join(results, '4-untrusted.png') });
    const started = serverProcesses().length > before;
    console.log(
      `untrusted workspace: restricted mode ${restricted ? 'shown' : 'NOT shown'}, server ${started ? 'STARTED' : 'not started'}, action ${offered ? 'OFFERED' : 'not offered'}`,
    );
    return restricted && !started && !offered;
  } finally {
    await b.close();
    stop(cs.child);
  }
}

let ok = false;
try {
  const a = await extensionHostTests();
  const b = await uiFlow();
  const c = await untrustedFlow();
  ok = a && b && c;
} catch (e) {
  console.log(e.stack ?? String(e));
} finally {
  for (const g of groups) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const r of roots) {
    fs.rmSync(r, { recursive: true, force: true });
  }
}
process.exit(ok ? 0 : 1);
